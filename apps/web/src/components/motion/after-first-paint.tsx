import { startTransition, useEffect, useState, type ReactNode } from 'react';

let hasPainted = false;
let isHydrating = false;

/** The first page of a visit has painted (later pages render everything at once). */
export function markPainted(): void {
  hasPainted = true;
}

/**
 * The first page is being hydrated from server-rendered HTML (main.tsx), until the router first
 * navigates. Meanwhile every AfterFirstPaint starts as the placeholder the server rendered, even when
 * the first paint has already happened: React hydrates a page's Suspense boundary after the shell,
 * and a different first render there would be a hydration mismatch.
 */
export function setHydrating(value: boolean): void {
  isHydrating = value;
}

export interface AfterFirstPaintProps {
  children: ReactNode;
  /**
   * Height kept for the content meanwhile. It only ever stands below the fold, and it is never
   * shorter than the window, so the footer cannot flash into view and nothing on screen moves.
   */
  minHeight?: string;
}

/**
 * Renders its content right after the first paint of a visit instead of before it: what is below
 * the fold no longer delays the largest paint, and it is rendered in a transition, which React
 * splits into short tasks (no long task blocks input). On later pages it renders at once.
 */
export function AfterFirstPaint({ children, minHeight = '100vh' }: AfterFirstPaintProps) {
  const [isReady, setIsReady] = useState(() => hasPainted && !isHydrating);
  useEffect(() => {
    if (isReady) return;
    if (hasPainted) {
      startTransition(() => setIsReady(true));
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame after this one has painted: the next task runs once it is on screen.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        markPainted();
        startTransition(() => setIsReady(true));
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [isReady]);
  return isReady ? children : <div aria-hidden="true" data-after-first-paint="" style={{ minHeight }} />;
}
