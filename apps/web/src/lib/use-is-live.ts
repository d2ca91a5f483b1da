import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * A fact about the browser that does not change while the page lives (WebGL, a camera, an observer API):
 * `onServer` on the server and in the render that hydrates its HTML (the browser first renders what the
 * server sent, so the two agree), the browser's answer (`read`) from then on. `read` must return the same
 * value each call (cache anything costly).
 */
export function useBrowserFact<T>(read: () => T, onServer: T): T {
  return useSyncExternalStore(noSubscription, read, () => onServer);
}

const live = () => true;

/** False on the server and while hydrating, true from then on: the moment for what only a live page draws. */
export function useIsLive(): boolean {
  return useBrowserFact(live, false);
}
