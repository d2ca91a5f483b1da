import { Suspense, lazy, type ComponentType } from 'react';
import { RouteLoading } from '../components/feedback/route-loading';

type Module<P> = { default: ComponentType<P> };

export interface LazyPage<P extends object> {
  /** Renders the page behind its own Suspense boundary ('Loading...' meanwhile). */
  Route: ComponentType<P>;
  /** Starts loading the chunk (used by hover prefetch). */
  preload: () => void;
}

/**
 * A lazily loaded route page. A chunk that fails to load throws while rendering, so it reaches
 * the route error boundary and the 500 screen like any other rendering failure.
 */
export function lazyPage<P extends object>(load: () => Promise<Module<P>>): LazyPage<P> {
  const Page = lazy(load);
  function Route(props: P) {
    return (
      <Suspense fallback={<RouteLoading />}>
        <Page {...props} />
      </Suspense>
    );
  }
  return {
    Route,
    preload: () => {
      // A failed preload is retried by the real render, which then reports it.
      load().catch(() => undefined);
    },
  };
}
