import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and in the render that hydrates its HTML (the browser first renders what the
 * server sent), true from then on: the moment for what only a live page draws.
 */
export function useIsLive(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
