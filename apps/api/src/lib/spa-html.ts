/**
 * The SPA's index.html, prepared per route for a fast first paint (decisions §33, §36, §37, §89):
 *  - `<link rel="modulepreload">` for the route's lazy chunk and its imports, and its stylesheets,
 *    so they download with the entry instead of after it has run (from Vite's build manifest);
 *  - the public API answers the route's first render needs, inlined as JSON
 *    (`<script type="application/json" id="mirror-boot">`) — the web app writes them into its
 *    query cache before rendering, so the page paints complete without a data round trip;
 *  - `<link rel="preload" as="image" fetchpriority="high">` for the route's largest image;
 *  - the page itself, rendered from those same answers by the web build's server entry
 *    (apps/web/src/entry-server.tsx → apps/web/dist-server/), which the browser then hydrates: the
 *    first paint needs no JavaScript.
 *
 * What to prepare comes from the web build: dist/.vite/boot-plan.json (apps/web/src/app/boot-plan.ts)
 * and dist/.vite/manifest.json. Without them nothing is registered and the plain index.html
 * fallback answers as before. The API answers are fetched in-process without credentials (only
 * public, anonymous data is ever inlined), counted against the visitor's rate limit as if the browser
 * had asked, cached for a few seconds, and left out when slow or not 200.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOOT_SCRIPT_ID, type BootEntry, type BootQuery, type BootRoute, type RenderedPage } from '@mirror/contract/boot';

export { BOOT_SCRIPT_ID, type BootEntry, type BootQuery, type BootRoute, type RenderedPage };

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface ImageLike {
  url: string;
  srcset?: { url: string; width: number }[];
}

/** The web app's server renderer: the page for a URL and its inlined answers (null: not rendered). */
export type RenderApp = (url: string, boot: BootEntry[]) => Promise<RenderedPage | null>;

export interface SpaHtmlOptions {
  webDist: string;
  /** Server rendering; without it the page is rendered in the browser only. */
  renderApp?: RenderApp;
  /** Told when a page could not be rendered on the server (it is then rendered in the browser). */
  onRenderError?: (error: unknown, url: string) => void;
  /** Longest wait for one API answer before the page goes out without it. */
  timeoutMs?: number;
  /** How long an inlined answer is reused. */
  cacheMs?: number;
  now?: () => number;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/** JSON that is safe inside a <script> element: no `</script>`, no `<!--`, no line separators. */
export function escapeJsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `/collections/:collectionId` against a pathname → its decoded params, or null. */
export function matchRoute(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) {
      if (!g) return null;
      try {
        params[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w !== g) return null;
  }
  return params;
}

/** Replaces `:name` in a query key (whole strings only) and in a URL (percent-encoded). */
export function resolveQuery(query: BootQuery, params: Record<string, string>): BootQuery {
  const fill = (value: unknown): unknown => (typeof value === 'string' && value.startsWith(':') && value.slice(1) in params ? params[value.slice(1)] : value);
  return {
    ...query,
    key: query.key.map(fill),
    url: query.url.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, (whole, name: string) => (name in params ? encodeURIComponent(params[name]!) : whole)),
  };
}

/** Follows `a.0.b` / `[flag].b` through JSON; `[flag]` = first element with that flag set, else the first. */
export function pick(data: unknown, dotPath: string): unknown {
  let current = data;
  for (const segment of dotPath.split('.').filter(Boolean)) {
    if (current === null || typeof current !== 'object') return undefined;
    const flag = /^\[(\w+)\]$/.exec(segment)?.[1];
    if (flag) {
      if (!Array.isArray(current)) return undefined;
      current = current.find((item) => item && typeof item === 'object' && (item as Record<string, unknown>)[flag] === true) ?? current[0];
    } else {
      current = (current as Record<string, unknown>)[segment];
    }
  }
  return current;
}

function isImage(value: unknown): value is ImageLike {
  return !!value && typeof value === 'object' && typeof (value as ImageLike).url === 'string';
}

/** The chunk's own file and every chunk it imports statically (the entry's own graph excluded). */
function chunkGraph(manifest: Manifest, key: string, skip: Set<string>): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k) || skip.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) return;
    scripts.push(chunk.file);
    for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(key);
  return { scripts, styles };
}

function entryGraph(manifest: Manifest): Set<string> {
  const keys = new Set<string>();
  const visit = (k: string) => {
    if (keys.has(k)) return;
    keys.add(k);
    for (const i of manifest[k]?.imports ?? []) visit(i);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return keys;
}

function readJson<T>(file: string): T | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** The page's own `<title>` and description, when the renderer named them. */
function withMeta(html: string, rendered: RenderedPage): string {
  let out = html;
  if (rendered.title) out = out.replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeText(rendered.title!)}</title>`);
  if (rendered.description) out = out.replace(/<meta name="description" content="[^"]*"\s*\/?>/i, () => `<meta name="description" content="${escapeAttribute(rendered.description!)}" />`);
  return out;
}

/** A built stylesheet as a `<style>` element (its URLs are absolute), or undefined when it cannot be. */
function inlineStylesheet(webDist: string, file: string): string | undefined {
  const full = path.join(webDist, file);
  if (!full.startsWith(webDist) || !existsSync(full)) return undefined;
  const css = readFileSync(full, 'utf8');
  if (/<\/style/i.test(css)) return undefined;
  return `<style data-href="/${escapeAttribute(file)}">${css}</style>`;
}

/** public/start.js of the web build, addressed by its content hash (it is served with a 1 h cache). */
function readStarter(webDist: string): { url: string } | undefined {
  const file = path.join(webDist, 'start.js');
  if (!existsSync(file)) return undefined;
  const hash = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12);
  return { url: `/start.js?v=${hash}` };
}

/** A route's page without its per-request parts; `end` is where the inlined answers go (before the starter). */
interface Shell {
  html: string;
  end: string;
}

export interface SpaHtml {
  routes: BootRoute[];
  /**
   * The HTML for a pathname and its query string (null when no planned route matches); without
   * `fetchJson`, or with a query string the route's queries depend on, only the chunk links are added
   * (no data, no image, no server rendering).
   */
  render: (pathname: string, fetchJson: ((url: string) => Promise<unknown>) | null, search?: string) => Promise<string | null>;
}

export function createSpaHtml({ webDist, renderApp: givenRenderApp, onRenderError, timeoutMs = 400, cacheMs = 5_000, now = Date.now }: SpaHtmlOptions): SpaHtml | null {
  const template = existsSync(path.join(webDist, 'index.html')) ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : undefined;
  const manifest = readJson<Manifest>(path.join(webDist, '.vite', 'manifest.json'));
  const plan = readJson<BootRoute[]>(path.join(webDist, '.vite', 'boot-plan.json'));
  if (!template || !manifest || !Array.isArray(plan) || !template.includes('</head>') || !template.includes('</body>') || !/<meta name="viewport"/i.test(template)) return null;
  // The markup goes into the template's empty root element; a template without one is not rendered into.
  const renderApp = template.includes(ROOT_ELEMENT) ? givenRenderApp : undefined;

  // Per route module, the page's HTML without its per-request parts, built once here:
  //  - `plain`, rendered in the browser: the route chunk's stylesheets and modulepreloads in the head;
  //  - `ssr`, rendered on the server (decisions §37): stylesheets inlined (the first paint waits for the
  //    HTML alone), no module script in the head — public/start.js adds the entry and the
  //    modulepreloads listed on its element once the page has painted.
  const skip = entryGraph(manifest);
  const starter = readStarter(webDist);
  const entryTags = [...template.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*|<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g)];
  const entryScript = entryTags.find((m) => m[1])?.[1];
  const entryPreloads = entryTags.flatMap((m) => (m[2] ? [m[2]] : []));
  const canDefer = renderApp !== undefined && starter !== undefined && entryScript !== undefined;
  const ssrBase = canDefer
    ? entryTags.reduce((html, tag) => html.replace(tag[0], ''), template).replace(/<link rel="stylesheet"[^>]*\shref="\/([^"]+)"[^>]*>/g, (tag, file: string) => inlineStylesheet(webDist, file) ?? tag)
    : undefined;
  const shells = new Map<string, { plain: Shell; ssr?: Shell }>();
  for (const route of plan) {
    if (shells.has(route.module)) continue;
    const { scripts, styles } = chunkGraph(manifest, route.module, skip);
    const styleLink = (file: string) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`;
    const plainHead = [...styles.map(styleLink), ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`)].join('');
    const plain = { html: template.replace('</head>', () => `${plainHead}</head>`), end: '</body>' };
    if (!ssrBase || !starter || !entryScript) {
      shells.set(route.module, { plain });
      continue;
    }
    const inlined = styles.map((file) => inlineStylesheet(webDist, file) ?? styleLink(file)).join('');
    const modules = [...entryPreloads, ...scripts.map((file) => `/${file}`)].join(' ');
    const start = `<script defer src="${escapeAttribute(starter.url)}" data-entry="${escapeAttribute(entryScript)}" data-modulepreload="${escapeAttribute(modules)}"></script>`;
    const end = `${start}</body>`;
    shells.set(route.module, { plain, ssr: { html: ssrBase.replace('</head>', () => `${inlined}</head>`).replace('</body>', () => end), end } });
  }

  // url → answer, for a few seconds: a burst of page views costs one API call per query.
  const cache = new Map<string, { at: number; data: Promise<unknown> }>();
  const load = (url: string, fetchJson: (url: string) => Promise<unknown>): Promise<unknown> => {
    const hit = cache.get(url);
    if (hit && now() - hit.at < cacheMs) return hit.data;
    if (cache.size > 500) cache.clear();
    const data = fetchJson(url).catch(() => undefined);
    cache.set(url, { at: now(), data });
    // A failed or empty answer is not kept: the next page view asks again.
    void data.then((value) => {
      if (value === undefined && cache.get(url)?.data === data) cache.delete(url);
    });
    return data;
  };
  const withTimeout = (promise: Promise<unknown>): Promise<unknown> =>
    Promise.race([promise, new Promise((resolve) => setTimeout(resolve, timeoutMs, undefined).unref())]);

  // URL → server-rendered markup of a page whose answers were all there, for as long as they are
  // reused: a burst of views of one page renders it once. Reused only with the very answers it was rendered
  // from: the answers' cache renews on its own clock, and markup from older answers next to newer inlined data
  // (a stock or a price changed meanwhile) would not hydrate.
  const pages = new Map<string, { at: number; page: RenderedPage; data: string }>();
  // `data`: the answers as inlined in the page (escapeJsonForHtml), serialised once per request for both uses.
  const renderPage = async (url: string, boot: BootEntry[], data: string, isComplete: boolean): Promise<RenderedPage | null> => {
    if (!renderApp) return null;
    const hit = pages.get(url);
    if (isComplete && hit && now() - hit.at < cacheMs && hit.data === data) return hit.page;
    try {
      const page = await renderApp(url, boot);
      if (page !== null && typeof page.markup !== 'string') throw new Error('the server renderer gave no markup');
      if (page !== null && isComplete) {
        if (pages.size > 500) pages.clear();
        pages.set(url, { at: now(), page, data });
      }
      return page;
    } catch (error) {
      onRenderError?.(error, url);
      return null;
    }
  };

  return {
    routes: plan,
    async render(pathname, givenFetchJson, search = '') {
      let route: BootRoute | undefined;
      let params: Record<string, string> | null = null;
      for (const candidate of plan) {
        params = matchRoute(candidate.path, pathname);
        if (params) {
          route = candidate;
          break;
        }
      }
      if (!route || !params) return null;
      // URL state (filters, pages) changes what most pages ask for: only bare paths are prepared, and
      // the URLs of routes whose queries ignore the query string.
      const fetchJson = search && !route.rendersSearch ? null : givenFetchJson;
      const queries = fetchJson ? route.queries.map((q) => resolveQuery(q, params)) : [];
      const answers = await Promise.all(queries.map((q) => withTimeout(load(q.url, fetchJson!))));
      const data = queries.map((q, i) => {
        const answer = answers[i] as Record<string, unknown> | null | undefined;
        // A list read whole is inlined only when its first page is all of it.
        if (q.isWholeList && !(answer && typeof answer.totalPages === 'number' && answer.totalPages <= 1)) return undefined;
        return q.field && answer !== undefined ? (answer?.[q.field] ?? undefined) : answer;
      });
      const boot: BootEntry[] = queries.flatMap((q, i) => (data[i] === undefined ? [] : [{ key: q.key, data: data[i] }]));
      const bootJson = escapeJsonForHtml(boot);
      // Rendered on the server only with the data (a URL with state gets none: the browser renders it).
      const rendered = fetchJson ? await renderPage(`${pathname}${search}`, boot, bootJson, boot.length === queries.length) : null;

      // The image first, right after the viewport <meta> (before it, the preload scanner would pick
      // the rendition for a 980 px layout viewport): the parser meets it before any script or style.
      let early = '';
      const image = route.image ? pick(data[route.image.query], route.image.path) : undefined;
      if (route.image && isImage(image)) {
        const srcset = (image.srcset ?? []).map((s) => `${s.url} ${s.width}w`).join(', ');
        const responsive = srcset ? ` imagesrcset="${escapeAttribute(srcset)}" imagesizes="${escapeAttribute(route.image.sizes)}"` : '';
        early = `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(image.url)}"${responsive}>`;
      }
      // The data last, at the end of <body>: module scripts run after parsing, and the head stays short.
      // Always present on a prepared page (even empty): it tells the app its chunk is on the way.
      const script = `<script type="application/json" id="${BOOT_SCRIPT_ID}">${bootJson}</script>`;
      const variants = shells.get(route.module)!;
      const shell = (rendered && variants.ssr) || variants.plain;
      // Function replacements: a `$` in the markup or the data is text, never a replacement pattern.
      const html = shell.html.replace(/<meta name="viewport"[^>]*>/i, (meta) => `${meta}${early}`).replace(shell.end, () => `${script}${shell.end}`);
      return rendered ? withMeta(html.replace(ROOT_ELEMENT, () => `<div id="root" data-ssr="">${rendered.markup}</div>`), rendered) : html;
    },
  };
}

/**
 * Sends HTML as br or gzip when the client takes it (quality traded for speed). A page sent again
 * unchanged — the usual case within its few seconds of cached answers and markup — reuses the bytes
 * compressed last time for its path instead of compressing ~40 KB once more.
 */
export function createHtmlSender() {
  const last = new Map<string, { html: string; encoded: Map<string, Buffer> }>();
  return (request: FastifyRequest, reply: FastifyReply, key: string, html: string) => {
    const accepts = String(request.headers['accept-encoding'] ?? '');
    reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    if (!encoding) return reply.send(html);
    let entry = last.get(key);
    if (entry?.html !== html) {
      if (last.size > 500) last.clear();
      entry = { html, encoded: new Map() };
      last.set(key, entry);
    }
    let body = entry.encoded.get(encoding);
    if (!body) {
      const raw = Buffer.from(html);
      body = encoding === 'br' ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(raw, { level: 6 });
      entry.encoded.set(encoding, body);
    }
    return reply.header('content-encoding', encoding).send(body);
  };
}

/**
 * Registers `GET <path>` for every planned route. The internal API calls carry no credentials and
 * the visitor's address (the same rate limit as the browser's own calls).
 */
export async function registerSpaHtml(app: FastifyInstance, options: SpaHtmlOptions): Promise<SpaHtml | null> {
  const renderApp = options.renderApp ?? (await loadServerRenderer(app, options.webDist));
  const spa = createSpaHtml({
    ...options,
    renderApp,
    onRenderError: options.onRenderError ?? ((err, pathname) => app.log.error({ err, pathname }, 'server rendering failed; the page is rendered in the browser')),
  });
  if (!spa) return null;
  const paths = [...new Set(spa.routes.map((r) => r.path))];
  const sendHtml = createHtmlSender();
  for (const routePath of paths) {
    app.get(routePath, { config: {}, schema: { hide: true } }, async (request, reply) => {
      const at = request.url.indexOf('?');
      const pathname = at < 0 ? request.url : request.url.slice(0, at);
      const search = at < 0 || at === request.url.length - 1 ? '' : request.url.slice(at);
      const fetchJson = async (url: string) => {
        const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' }, remoteAddress: request.ip });
        return res.statusCode === 200 ? (res.json() as unknown) : undefined;
      };
      const html = await spa.render(pathname, fetchJson, search);
      if (html === null) return reply.callNotFound();
      return sendHtml(request, reply, `${pathname}${search}`, html);
    });
  }
  return spa;
}

/**
 * The web build's server entry (apps/web/dist-server/entry-server.js, next to dist/), if built. It is
 * imported on the first page view, not at start-up: React's server renderer and the app cost ~25–30 MB
 * of memory that an instance serving only the API never needs.
 */
export async function loadServerRenderer(app: FastifyInstance, webDist: string): Promise<RenderApp | undefined> {
  const entry = path.join(webDist, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  let loading: Promise<RenderApp | null> | undefined;
  const load = () =>
    (loading ??= import(pathToFileURL(entry).href).then(
      (module: { render?: unknown }) => {
        if (typeof module.render === 'function') return module.render as RenderApp;
        app.log.error({ entry }, 'the server entry has no render(): pages are rendered in the browser only');
        return null;
      },
      (err: unknown) => {
        app.log.error({ err, entry }, 'the server entry could not be loaded: pages are rendered in the browser only');
        return null;
      },
    ));
  return async (url, boot) => {
    const render = await load();
    return render ? render(url, boot) : null;
  };
}
