/**
 * The SPA's index.html, prepared per route for a fast first paint (docs/decisions.md §33–37, §89):
 *  - `<link rel="modulepreload">` for the route's lazy chunk and its imports, and its stylesheets
 *    (from Vite's build manifest: manifest.ts, shell.ts);
 *  - the public API answers the route's first render needs, inlined as JSON
 *    (`<script type="application/json" id="mirror-boot">`) — the web app writes them into its query
 *    cache before rendering (answers.ts);
 *  - `<link rel="preload" as="image" fetchpriority="high">` for the route's largest image;
 *  - the page itself, rendered from those same answers, which the browser then hydrates.
 *
 * What a route needs is declared once, in the web app's page (apps/web/src/app/prepared.ts) and run by
 * React Router's static handler in the web build's server entry (apps/web/dist-server/entry-server.js):
 * it matches the URL, runs the route's loader and says which module the route is. Fastify matches
 * nothing here: an unknown path that is not the API's nor a file's comes to `send` (the not-found
 * handler, plugins/error-handler.ts); a URL no prepared route matches gets the plain index.html.
 * Without the server entry (a dev server, tests) every page is the plain index.html.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOOT_SCRIPT_ID, type PreparedRoute, type PrepareRoute, type RenderedPage } from '@mirror/contract/boot';
import { createResultCache } from '../result-cache';
import { createAnswers, type AskApi } from './answers';
import { createHtmlSender } from './compression';
import { readManifest } from './manifest';
import { createShells, escapeJsonForHtml, isUsableTemplate, ROOT_ELEMENT, withoutReplacedMeta } from './shell';

export { BOOT_SCRIPT_ID, escapeJsonForHtml, type PrepareRoute };

export interface SpaHtmlOptions {
  webDist: string;
  /** The web app's server renderer; without it every page is rendered in the browser only. */
  prepareRoute?: PrepareRoute;
  /** Told when a page could not be prepared or rendered on the server (it is then rendered in the browser). */
  onRenderError?: (error: unknown, url: string) => void;
  /** Longest wait for one API answer before the page goes out without it. */
  timeoutMs?: number;
  /** How long an answer, and markup rendered from the very same answers, are reused. */
  cacheMs?: number;
}

export interface SpaHtml {
  /** The HTML for a URL (path and query string), or null when no prepared route matches it. */
  render: (url: string, ask: AskApi) => Promise<string | null>;
}

export function createSpaHtml({ webDist, prepareRoute, onRenderError, timeoutMs = 400, cacheMs = 5_000 }: SpaHtmlOptions): SpaHtml | null {
  const template = existsSync(path.join(webDist, 'index.html')) ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : undefined;
  const manifest = readManifest(webDist);
  if (!prepareRoute || !template || !manifest || !isUsableTemplate(template)) return null;
  // The markup goes into the template's empty root element; a template without one is not rendered into.
  const canRender = template.includes(ROOT_ELEMENT);
  const shellFor = createShells({ webDist, template, manifest, canRender });
  const answers = createAnswers({ cacheMs, timeoutMs });
  // Markup by URL and the very answers it is rendered from (never next to other answers: it would not
  // hydrate), for a few seconds: a burst of views of one page renders it once. Kept only when every
  // answer was there.
  const pages = createResultCache(cacheMs, 500);
  const renderPage = async (url: string, prepared: PreparedRoute, data: string): Promise<RenderedPage | null> => {
    if (!canRender || !prepared.render) return null;
    const render = prepared.render;
    // The web build's code, loaded at run time: what it gives is checked (a throw is a rejection).
    const run = () =>
      new Promise<RenderedPage>((resolve) => {
        const page: unknown = render();
        if (!isRenderedPage(page)) throw new Error('the server renderer gave no markup');
        resolve(page);
      });
    try {
      return prepared.isComplete ? await pages.get(`${url}\n${createHash('sha1').update(data).digest('base64')}`, run) : await run();
    } catch (error) {
      onRenderError?.(error, url);
      return null;
    }
  };

  return {
    async render(url, ask) {
      let prepared: PreparedRoute | null;
      try {
        prepared = await prepareRoute(url, (apiUrl) => answers(apiUrl, ask));
      } catch (error) {
        onRenderError?.(error, url);
        return null;
      }
      if (!prepared) return null;
      const data = escapeJsonForHtml(prepared.entries);
      const rendered = await renderPage(url, prepared, data);
      const variants = shellFor(prepared.module);
      const shell = (rendered && variants.ssr) || variants.plain;
      // The page's own head (its title and description, and the preloads of its high-priority images, which
      // React hoisted) right after the viewport <meta> (before it, the preload scanner would size an image
      // for 980 px); the data last in the body (always present on a prepared page, even empty: it tells
      // the app its chunk is on the way). Function replacements: a `$` in the markup, the head or the
      // data is text, never a replacement pattern.
      const script = `<script type="application/json" id="${BOOT_SCRIPT_ID}">${data}</script>`;
      const head = rendered?.head ?? '';
      const html = withoutReplacedMeta(shell.html, head)
        .replace(/<meta name="viewport"[^>]*>/i, (meta) => `${meta}${head}`)
        .replace(shell.end, () => `${script}${shell.end}`);
      return rendered ? html.replace(ROOT_ELEMENT, () => `<div id="root" data-ssr="">${rendered.markup}</div>`) : html;
    },
  };
}

function isRenderedPage(page: unknown): page is RenderedPage {
  if (typeof page !== 'object' || page === null) return false;
  const { markup, head } = page as Partial<Record<keyof RenderedPage, unknown>>;
  return typeof markup === 'string' && typeof head === 'string';
}

/**
 * The prepared pages of the web build in `webDist` for the not-found handler: `send` answers a
 * prepared route's page (true) or leaves the request to the plain index.html (false). The internal API
 * calls carry no credentials and the visitor's address (the same rate limit as the browser's own calls).
 */
export function createSpaPages(
  app: FastifyInstance,
  options: SpaHtmlOptions,
): ((request: FastifyRequest, reply: FastifyReply) => Promise<boolean>) | undefined {
  const prepareRoute = options.prepareRoute ?? loadServerRenderer(app, options.webDist);
  const spa = createSpaHtml({
    ...options,
    prepareRoute,
    onRenderError:
      options.onRenderError ?? ((err, url) => app.log.error({ err, url }, 'server rendering failed; the page is rendered in the browser')),
  });
  if (!spa) return undefined;
  const sendHtml = createHtmlSender();
  return async (request, reply) => {
    const ask: AskApi = async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' }, remoteAddress: request.ip });
      return { status: res.statusCode, body: res.body };
    };
    const html = await spa.render(request.url, ask);
    if (html === null) return false;
    await sendHtml(request, reply, html);
    return true;
  };
}

/**
 * The web build's server entry (apps/web/dist-server/entry-server.js, next to dist/), if built. It is
 * imported on the first page view, not at start-up: React's server renderer and the app cost ~25–30 MB
 * of memory that an instance serving only the API never needs.
 */
export function loadServerRenderer(app: FastifyInstance, webDist: string): PrepareRoute | undefined {
  const entry = path.join(webDist, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  let loading: Promise<PrepareRoute | null> | undefined;
  const load = () =>
    (loading ??= import(pathToFileURL(entry).href).then(
      (module: { prepare?: unknown }) => {
        if (typeof module.prepare === 'function') return module.prepare as PrepareRoute;
        app.log.error({ entry }, 'the server entry has no prepare(): pages are rendered in the browser only');
        return null;
      },
      (err: unknown) => {
        app.log.error({ err, entry }, 'the server entry could not be loaded: pages are rendered in the browser only');
        return null;
      },
    ));
  return async (url, fetch) => {
    const prepare = await load();
    return prepare ? prepare(url, fetch) : null;
  };
}
