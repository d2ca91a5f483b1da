import { Suspense, lazy, useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { RouteLoading } from '../components/feedback/route-loading';
import type { PreparedPage } from './prepared';

/** A page's module: the page, and for a server-rendered page its first render's data (app/prepared.ts). */
export interface PageModule<P extends object> {
  default: ComponentType<P>;
  prepared?: PreparedPage<P>;
}

export interface LazyPage<P extends object> {
  /** Renders the page behind its own Suspense boundary ('Loading...' meanwhile). */
  Route: ComponentType<P>;
  /** Starts loading the chunk (hover prefetch, first load); resolves when it is there or has failed. */
  preload: () => Promise<void>;
  /** The loaded module (the server's route loader reads its `prepared`); rejects when it cannot load. */
  load: () => Promise<PageModule<P>>;
  /** The module's source path as Vite's manifest names it (`src/app/routes/home-page.tsx`), when known. */
  module?: string;
}

let isAppReady = false;
const readyListeners = new Set<() => void>();

/**
 * `<html data-app-ready>` once a page of the app is live (rendered in the browser, or hydrated: a
 * server-rendered page reads and navigates before, but its controls answer only from then on).
 */
function markAppReady(): void {
  document.documentElement.setAttribute('data-app-ready', '');
  if (isAppReady) return;
  isAppReady = true;
  for (const listener of readyListeners) listener();
}

function subscribeToReady(listener: () => void): () => void {
  readyListeners.add(listener);
  return () => {
    readyListeners.delete(listener);
  };
}

/**
 * Whether the first page of the visit is live (hydrated, or rendered in the browser). False while a
 * server-rendered page is being hydrated, so what waits on it cannot disturb the hydration.
 */
export function useAppReady(): boolean {
  return useSyncExternalStore(
    subscribeToReady,
    () => isAppReady,
    () => false,
  );
}

/**
 * Inside a page's Suspense boundary, so its effect runs once the page itself is committed: loaded
 * and rendered, or hydrated (React hydrates the boundary after the frame around it).
 */
function Live({ children }: { children: ReactNode }) {
  useEffect(markAppReady, []);
  return children;
}

/**
 * A lazily loaded route page. A chunk that fails to load throws while rendering, so it reaches
 * the route error boundary and the 500 screen like any other rendering failure. A page whose
 * chunk is already loaded when it mounts renders at once, without a 'Loading...' frame (the
 * first page of a visit: main.tsx waits for its preloaded chunk).
 */
export function lazyPage<P extends object>(load: () => Promise<PageModule<P>>, module?: string): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Page = lazy(loadAndKeep);
  function Route(props: P) {
    // Chosen once per mount: switching between the two would remount the page.
    const [Loaded] = useState(() => loaded);
    return (
      <Suspense fallback={<RouteLoading />}>
        <Live>{Loaded ? <Loaded {...props} /> : <Page {...props} />}</Live>
      </Suspense>
    );
  }
  return {
    Route,
    load: loadAndKeep,
    ...(module ? { module } : {}),
    preload: () =>
      // A failed preload is retried by the real render, which then reports it.
      loadAndKeep().then(
        () => undefined,
        () => undefined,
      ),
  };
}
