import { useEffect, useRef, type ElementType, type ReactNode } from 'react';
import { REDUCED_MOTION_QUERY, matchesMedia } from '../../lib/media';
import styles from './reveal.module.css';

export interface RevealProps {
  as?: ElementType;
  className?: string;
  children: ReactNode;
  [attribute: `aria-${string}`]: string | undefined;
}

/**
 * Fades and lifts its content in when it scrolls into view (opacity + transform only: no layout
 * shift). Without IntersectionObserver, or with reduced motion, content is simply shown.
 *
 * Layout is never read here: the observer's first report says where the element is (a
 * getBoundingClientRect per section forced a style and layout pass each, right after the first
 * paint). Content already on screen stays as it is; content below is hidden until it scrolls in.
 */
export function Reveal({ as: Tag = 'div', className, children, ...rest }: RevealProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined' || matchesMedia(REDUCED_MOTION_QUERY)) {
      element.dataset.revealed = '';
      return;
    }
    let isFirstReport = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        if (isFirstReport) {
          isFirstReport = false;
          // On screen (even in the bottom strip the margin leaves out): shown as is, no animation.
          if (entry.isIntersecting || entry.boundingClientRect.top < window.innerHeight) {
            element.dataset.revealed = '';
            observer.disconnect();
            return;
          }
          element.dataset.pending = '';
          return;
        }
        if (entry.isIntersecting) {
          element.dataset.revealed = '';
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px -10% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <Tag ref={ref} className={[styles.reveal, className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </Tag>
  );
}
