import { useEffect, useRef, type ElementType, type ReactNode } from 'react';
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
 */
export function Reveal({ as: Tag = 'div', className, children, ...rest }: RevealProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined' || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
      element.dataset.revealed = '';
      return;
    }
    const rect = element.getBoundingClientRect();
    if (rect.top < window.innerHeight) {
      element.dataset.revealed = '';
      return;
    }
    element.dataset.pending = '';
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
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
