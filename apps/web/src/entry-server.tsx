/**
 * Server rendering of the prepared storefront routes (apps/api/src/lib/spa-html.ts, decisions §36):
 * the page's HTML from the same inlined answers the browser then writes into its query cache, so
 * the first paint needs no JavaScript and the browser hydrates the very same tree.
 *
 * Built by `vite build --ssr` into apps/web/dist-server/; the API imports it at start-up when present.
 * Only anonymous, public data is ever rendered here (the same answers that are inlined).
 */
import type { RenderedPage } from '@mirror/contract/boot';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { seedQueryCache, type BootEntry } from './app/boot';
import { AppRoot, createQueryClient } from './app/providers';
import { preloadRoute, routes } from './app/router';
import { collectPageMeta } from './lib/page-meta';

const handler = createStaticHandler(routes);

/**
 * The page at `url` (path and query), or null when the router answers with a redirect.
 */
export async function render(url: string, boot: readonly BootEntry[]): Promise<RenderedPage | null> {
  const href = new URL(url, 'http://mirror.local');
  // The browser waits for the page's chunk before hydrating; the server renders the loaded page too.
  await preloadRoute(href.pathname);
  const context = await handler.query(new Request(href));
  if (context instanceof Response) return null;
  const client = createQueryClient({ isServer: true });
  seedQueryCache(client, boot);
  try {
    const router = createStaticRouter(handler.dataRoutes, context);
    const { result: markup, meta } = collectPageMeta(() =>
      renderToString(
        <AppRoot client={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppRoot>,
      ),
    );
    return { markup, ...meta };
  } finally {
    client.clear();
  }
}
