/**
 * A storefront page's first render, declared once, next to the page (docs/decisions.md): its route
 * module exports `prepared` (a `PreparedPage`: plain data and functions, nothing to import at run time), which names the queries of its first render (the features' own query
 * options, the very ones its hooks use). Its largest paint is the page's own `isPriority` image, which React
 * preloads from the rendered markup (decisions §105). The server's React
 * Router data routes (app/router.tsx `serverRoutes`) load it with the route (`route.lazy`) and run it
 * as the route's `loader`: `queryClient.query` for each (a failure is left to the browser), round by
 * round when a query needs another's answer (`next`); then the page is
 * rendered from that cache, and the same answers are inlined for the browser (entry-server.tsx,
 * apps/api/src/lib/spa-html).
 * A route whose module exports no `prepared` is rendered in the browser only.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, Params } from 'react-router';

/** What a loader needs: the query options of a page (queryKey and queryFn; the rest is the page's). */
export interface PreparedQuery {
  queryKey: readonly unknown[];
  queryFn?: unknown;
}

export interface PageData {
  /** The queries of the page's first render, in any order. */
  queries: readonly PreparedQuery[];
  /**
   * What the first render asks for next with these answers (a list's items, then what those name): the
   * next round, run once these are answered. `answer` reads an answer from the request's cache
   * (undefined: it could not be had, and the browser asks for it).
   */
  next?: (answer: QueryClient['getQueryData']) => PageData | null;
}

export interface PreparedPage<P extends object = object> {
  /**
   * A URL with a query string is prepared too: the data do not depend on it (it only picks what the page
   * shows of the app's own content: a service, a topic, a page of the archive), or `data` reads it from
   * `url` (the piece of the 360° view). Otherwise URL state leaves the page to the browser.
   */
  rendersSearch?: boolean;
  /** `props`: what the route gives the page (the products layouts). null: not prepared (an unknown article). */
  data: (args: { params: Params; url: URL; props: P }) => PageData | null;
}

/** The server's per-request context (StaticHandler `requestContext`). */
export interface ServerLoadContext {
  queryClient: QueryClient;
}

/** What the loader leaves for the server entry (loaderData of the leaf route). */
export interface PreparedLoad {
  /** false: the page is prepared (chunk preloads), but rendered in the browser (URL state). */
  isRendered: boolean;
  /** Every declared query answered. */
  isComplete: boolean;
}

/** The route `loader` of a prepared page on the server: fills the request's query cache. */
export function preparedLoader<P extends object>(page: PreparedPage<P>, props: P) {
  return async ({ params, request, context }: LoaderFunctionArgs): Promise<PreparedLoad | null> => {
    const url = new URL(request.url);
    if (url.search && !page.rendersSearch) return { isRendered: false, isComplete: false };
    const data = page.data({ params, url, props });
    if (!data) return null;
    const { queryClient } = context as ServerLoadContext;
    const answer = queryClient.getQueryData.bind(queryClient);
    for (let round: PageData | null = data; round; round = round.next?.(answer) ?? null) {
      const { queries } = round;
      await Promise.all(queries.map((query) => queryClient.query(query as Parameters<QueryClient['query']>[0]).catch(() => undefined)));
    }
    // What could not be had is left to the browser: the server renders those parts as the browser first does (pending).
    const cache = queryClient.getQueryCache();
    let isComplete = true;
    for (const query of cache.getAll()) {
      if (query.state.status === 'success') continue;
      isComplete = false;
      cache.remove(query);
    }
    return { isRendered: true, isComplete };
  };
}
