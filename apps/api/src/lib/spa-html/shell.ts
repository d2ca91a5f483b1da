/**
 * The page around a prepared route (docs/decisions.md §33, §37): index.html with the route chunk's
 * stylesheets and modulepreloads — or, for a page rendered on the server, its stylesheets inlined and
 * no module script in the head (public/start.js adds them once the page has painted) — then, per
 * request, the largest image's preload, the page's head (its title and description), the inlined
 * answers and the markup.
 */
import { chunkGraph, entryGraph, readStarter, readStylesheet, type Manifest } from './manifest';

export const ROOT_ELEMENT = '<div id="root"></div>';

/** JSON that is safe inside a <script> element: no `</script>`, no `<!--`, no line separators. */
export function escapeJsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A route's page without its per-request parts; `end` is where the inlined answers go (before the starter). */
export interface Shell {
  html: string;
  end: string;
}

/** Whether index.html is one the prepared pages can be built on. */
export function isUsableTemplate(template: string): boolean {
  return template.includes('</head>') && template.includes('</body>') && /<meta name="viewport"/i.test(template);
}

/**
 * Per route module, its page without the per-request parts, built on first use (from the build's
 * files, which do not change while the process runs):
 *  - `plain`, rendered in the browser: the route chunk's stylesheets and modulepreloads in the head;
 *  - `ssr`, rendered on the server (decision 37): stylesheets inlined, no module script in the head —
 *    public/start.js adds the entry and the modulepreloads listed on its element once the page has painted.
 * `canRender`: the template has the empty root element the markup goes into.
 */
export function createShells({
  webDist,
  template,
  manifest,
  canRender,
}: {
  webDist: string;
  template: string;
  manifest: Manifest;
  canRender: boolean;
}) {
  const skip = entryGraph(manifest);
  const starter = canRender ? readStarter(webDist) : undefined;
  const entryTags = [
    ...template.matchAll(
      /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*|<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g,
    ),
  ];
  const entryScript = entryTags.find((m) => m[1])?.[1];
  const entryPreloads = entryTags.flatMap((m) => (m[2] ? [m[2]] : []));
  const styleLink = (file: string) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`;
  // Beside each inlined sheet, a link to its file that is never fetched nor applied (a type that is not
  // CSS: HTML says a browser must not fetch it; Chromium fetches a `disabled` one): Vite's chunk preloader
  // counts every `<link rel="stylesheet">` with the file's URL as loaded. Without it a route chunk that
  // imports the sheet fetches it again and waits for it before the chunk runs — and so before the
  // hydration (decision 0120).
  const inlineStylesheet = (file: string) => {
    const css = readStylesheet(webDist, file);
    const href = `/${escapeAttribute(file)}`;
    return css === undefined
      ? undefined
      : `<style data-href="${href}">${css}</style><link rel="stylesheet" type="text/plain" href="${href}">`;
  };
  const ssrBase =
    starter && entryScript
      ? entryTags
          .reduce((html, tag) => html.replace(tag[0], ''), template)
          .replace(/<link rel="stylesheet"[^>]*\shref="\/([^"]+)"[^>]*>/g, (tag, file: string) => inlineStylesheet(file) ?? tag)
      : undefined;

  const build = (module: string): { plain: Shell; ssr?: Shell } => {
    const { scripts, styles } = chunkGraph(manifest, module, skip);
    const plainHead = [
      ...styles.map(styleLink),
      ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`),
    ].join('');
    const plain = { html: template.replace('</head>', () => `${plainHead}</head>`), end: '</body>' };
    if (!ssrBase || !starter || !entryScript) return { plain };
    const inlined = styles.map((file) => inlineStylesheet(file) ?? styleLink(file)).join('');
    const modules = [...entryPreloads, ...scripts.map((file) => `/${file}`)].join(' ');
    const end = `<script defer src="${escapeAttribute(starter.url)}" data-entry="${escapeAttribute(entryScript)}" data-modulepreload="${escapeAttribute(modules)}"></script></body>`;
    return { plain, ssr: { html: ssrBase.replace('</head>', () => `${inlined}</head>`).replace('</body>', () => end), end } };
  };
  // A memo of the build's own files, bounded by the manifest's modules (not a cache: nothing in it goes stale).
  const shells = new Map<string, { plain: Shell; ssr?: Shell }>();
  return (module: string) => {
    let shell = shells.get(module);
    if (!shell) shells.set(module, (shell = build(module)));
    return shell;
  };
}

/**
 * The template without the title and description a rendered page's head (`RenderedPage.head`) brings
 * its own of: one of each in the served page; a page that names none keeps index.html's.
 */
export function withoutReplacedMeta(html: string, head: string): string {
  let out = html;
  if (/<title[\s>]/i.test(head)) out = out.replace(/<title>[^<]*<\/title>/i, '');
  if (/<meta name="description"/i.test(head)) out = out.replace(/<meta name="description"[^>]*>/i, '');
  return out;
}
