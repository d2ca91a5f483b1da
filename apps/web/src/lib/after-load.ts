import { startTransition, useEffect, useState } from 'react';

/**
 * True once the page has loaded and the browser has been idle once: the moment for what nobody sees
 * yet (a product card's second view, shown on hover or focus). Before, those images competed with
 * the largest paint for the bandwidth of a slow connection.
 */
let isAfterLoad = false;
const listeners = new Set<() => void>();
let isWatching = false;

/** Components told a task: each task's transition commits its own few (a commit is never split by React). */
const LISTENERS_PER_TASK = 8;

function settle(): void {
  isAfterLoad = true;
  const waiting = [...listeners];
  (function next() {
    // A component gone meanwhile has unsubscribed: it is not told.
    for (const listener of waiting.splice(0, LISTENERS_PER_TASK)) if (listeners.has(listener)) listener();
    if (waiting.length) setTimeout(next, 0);
  })();
}

function watch(): void {
  if (isWatching || typeof window === 'undefined') return;
  isWatching = true;
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(settle, { timeout: 3000 });
    else setTimeout(settle, 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  watch();
  return () => listeners.delete(listener);
}

/**
 * False on the server, through hydration and in a component's first render; true once the page has settled — and,
 * given `when` (a media query), only while the device matches it (never subscribing where it does not).
 * The change is rendered in a transition, which React splits into short tasks: on a list of forty product cards
 * a synchronous update (useSyncExternalStore's) re-rendered and committed them in one task of 75 ms at 4× CPU
 * seconds after the load, a long task that Lighthouse's TBT counted; and the components are told a few a task,
 * so that each commit (which React never splits) stays short (decision 0125).
 */
export function useIsAfterLoad(when?: string): boolean {
  const [isSettled, setSettled] = useState(false);
  useEffect(() => {
    const settleHere = () => startTransition(() => setSettled(true));
    const start = (): (() => void) => {
      if (!isAfterLoad) return subscribe(settleHere);
      settleHere();
      return () => undefined;
    };
    if (when === undefined || typeof window.matchMedia !== 'function') return start();
    const list = window.matchMedia(when);
    if (list.matches) return start();
    // Not on this device (a phone has no hover: a card's second view would load for nobody). A pointer that
    // arrives later (a tablet's mouse) starts it then.
    let stop: (() => void) | undefined;
    const onChange = () => {
      if (list.matches && !stop) stop = start();
    };
    list.addEventListener('change', onChange);
    return () => {
      list.removeEventListener('change', onChange);
      stop?.();
    };
  }, [when]);
  return isSettled;
}
