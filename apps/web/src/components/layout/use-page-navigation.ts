import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { REDUCED_MOTION_QUERY, matchesMedia } from '../../lib/media';
import { runPageTransition, scrollToTopFlag, type TransitionVariant } from '../../lib/transitions';

/**
 * docs/product.md §2: choosing the page already shown scrolls smoothly to the top; any other page saves
 * the scroll-to-top flag and runs a page transition.
 */
export function usePageNavigation() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (to: string, variant: TransitionVariant = 'slide') => {
      const target = new URL(to, window.location.origin);
      if (target.pathname === location.pathname && target.search === location.search) {
        window.scrollTo({ top: 0, behavior: matchesMedia(REDUCED_MOTION_QUERY) ? 'auto' : 'smooth' });
        return;
      }
      scrollToTopFlag.set();
      void runPageTransition({ navigate: (path) => void navigate(path), to, variant });
    },
    [navigate, location.pathname, location.search],
  );
}
