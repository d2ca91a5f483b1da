import { useSyncExternalStore } from 'react';

/** docs/product.md §9 breakpoints: mobile ≤ 425, tablet 426–1023, desktop above. */
export const MOBILE_QUERY = '(max-width: 425px)';
export const SMALL_SCREEN_QUERY = '(max-width: 1023px)';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
/** A pointer that can hover (a mouse, a trackpad): not a phone's or a tablet's touch alone. */
export const HOVER_QUERY = '(hover: hover)';

export function matchesMedia(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matchesMedia(query),
    () => false,
  );
}
