/**
 * Server rendering of the prepared storefront routes (apps/api/src/lib/spa-html/, decisions §36, §89):
 * React Router's static handler matches the URL and runs the route's loader — the page's own
 * declaration of its first render (app/prepared.ts) — which fills a fresh query cache through the API's
 * in-process GETs; the page is rendered from that cache, and the same answers are inlined for the
 * browser, which writes them into its own cache and hydrates the very same tree.
 *
 * Built by `vite build --ssr` into apps/web/dist-server/; the API imports it on the first page view.
 * Only anonymous, public data is ever fetched and rendered here.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { BootEntry, PrepareRoute, ServerAnswer } from '@mirror/contract/boot';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { preparedLoader, type PreparedLoad, type ServerLoadContext } from './app/prepared';
import { AppRoot, createQueryClient } from './app/providers';
import { appRoutes, type StorefrontHandle } from './app/router';
import { splitHoistedHead } from './lib/hoisted-head';

/**
 * The app's routes with their data: a storefront page's module, loaded with its route (`route.lazy`),
 * gives the route's loader — its first render as the page declares it (app/prepared.ts).
 */
const handler = createStaticHandler(
  appRoutes((page, props) => ({
    lazy: {
      loader: async () => {
        const { prepared } = await page.load();
        return prepared ? preparedLoader(prepared, props) : () => null;
      },
    },
  })),
);

/**
 * The query functions call the one fetch wrapper (lib/api-client.ts), which calls `fetch` with the API's
 * paths: on the server those go to the API in-process, through the fetch of the request being prepared.
 */
const requestFetch = new AsyncLocalStorage<(url: string) => Promise<ServerAnswer>>();
const nodeFetch = globalThis.fetch.bind(globalThis);
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const fetchAnswer = requestFetch.getStore();
  if (!fetchAnswer || !url.startsWith('/')) return nodeFetch(input, init);
  if (init?.signal?.aborted) throw init.signal.reason;
  const { status, body } = await fetchAnswer(url);
  return new Response(body, { status, headers: { 'content-type': 'application/json' } });
};

export const prepare: PrepareRoute = async (url, fetchAnswer) => {
  const href = new URL(url, 'http://mirror.local');
  const queryClient = createQueryClient({ isServer: true });
  const context = await requestFetch.run(fetchAnswer, () =>
    handler.query(new Request(href), { requestContext: { queryClient } satisfies ServerLoadContext }),
  );
  if (context instanceof Response || context.errors) return null;
  const leaf = context.matches.at(-1);
  const load = leaf ? (context.loaderData[leaf.route.id] as PreparedLoad | null | undefined) : undefined;
  const module = (leaf?.route.handle as StorefrontHandle | undefined)?.module;
  if (!load || !module) return null;
  const entries: BootEntry[] = queryClient
    .getQueryCache()
    .getAll()
    .map((query) => ({ key: query.queryKey, data: query.state.data }));
  const render = () => {
    try {
      const router = createStaticRouter(handler.dataRoutes, context);
      // The page's <title> and description (lib/page-meta.tsx) come out of the markup for the head.
      return splitHoistedHead(
        renderToString(
          <AppRoot client={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppRoot>,
        ),
      );
    } finally {
      queryClient.clear();
    }
  };
  return { module, entries, isComplete: load.isComplete, render: load.isRendered ? render : null };
};
