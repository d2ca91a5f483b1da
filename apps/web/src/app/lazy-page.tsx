import { Suspense, lazy, useEffect, useState, type ComponentType } from 'react';
import { RouteLoading } from '../components/feedback/route-loading';

type Module<P> = { default: ComponentType<P> };

export interface LazyPage<P extends object> {
  /** Renders the page behind its own Suspense boundary ('Loading...' meanwhile). */
  Route: ComponentType<P>;
  /** Starts loading the chunk (hover prefetch, first load); resolves when it is there or has failed. */
  preload: () => Promise<void>;
}

/**
 * `<html data-app-ready>` once a page of the app is live (rendered in the browser, or hydrated: a
 * server-rendered page reads and navigates before, but its controls answer only from then on).
 */
function markAppReady(): void {
  document.documentElement.setAttribute('data-app-ready', '');
}

/**
 * A lazily loaded route page. A chunk that fails to load throws while rendering, so it reaches
 * the route error boundary and the 500 screen like any other rendering failure. A page whose
 * chunk is already loaded when it mounts renders at once, without a 'Loading...' frame (the
 * first page of a visit: main.tsx waits for its preloaded chunk).
 */
export function lazyPage<P extends object>(load: () => Promise<Module<P>>): LazyPage<P> {
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
    useEffect(markAppReady, []);
    return <Suspense fallback={<RouteLoading />}>{Loaded ? <Loaded {...props} /> : <Page {...props} />}</Suspense>;
  }
  return {
    Route,
    preload: () =>
      // A failed preload is retried by the real render, which then reports it.
      loadAndKeep().then(
        () => undefined,
        () => undefined,
      ),
  };
}
