import { useSyncExternalStore } from 'react';

/**
 * True once the page has loaded and the browser has been idle once: the moment for what nobody sees
 * yet (a product card's second view, shown on hover or focus). Before, those images competed with
 * the largest paint for the bandwidth of a slow connection.
 */
let isAfterLoad = false;
const listeners = new Set<() => void>();
let isWatching = false;

function settle(): void {
  isAfterLoad = true;
  for (const listener of [...listeners]) listener();
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

export function useIsAfterLoad(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isAfterLoad,
    () => false,
  );
}
