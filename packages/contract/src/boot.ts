/**
 * What the web app's server renderer (apps/web/src/entry-server.tsx) hands the API for a page's first
 * load (apps/api/src/lib/spa-html/), and what the server-rendered page hands the browser
 * (decisions §33–37). No runtime dependencies: the browser entry imports it
 * (`@mirror/contract/boot`) without pulling the zod schemas in.
 */

/** The element holding a prepared page's inlined public API answers. */
export const BOOT_SCRIPT_ID = 'mirror-boot';

/** One inlined answer: the query key and its data. */
export interface BootEntry {
  key: readonly unknown[];
  data: unknown;
}

/** The page's markup and its head. */
export interface RenderedPage {
  /** The markup inside `#root`. */
  markup: string;
  /**
   * What React hoisted out of the markup for the document's `<head>` (its `<title>`, `<meta>`, and any
   * resource a component declared), as HTML; empty when none.
   */
  head: string;
}

/** A prepared route's first load: what its route loader gathered, and its rendering. */
export interface PreparedRoute {
  /** The route module, as Vite's manifest names it (its chunk graph is preloaded). */
  module: string;
  /** The answers of its first render (anonymous, public), to inline. */
  entries: BootEntry[];
  /** Every query the page declares was answered (only such a rendering is worth keeping). */
  isComplete: boolean;
  /** Renders the page from those answers; null: the browser renders it (URL state). */
  render: (() => RenderedPage) | null;
}

/** An API answer asked for in-process: its status and body (JSON text). */
export interface ServerAnswer {
  status: number;
  body: string;
}

/**
 * The server renderer: the route at `url` (path and query) prepared with `fetch` (the API's own GETs,
 * anonymous); null when no prepared route matches (the browser renders the page).
 */
export type PrepareRoute = (url: string, fetch: (url: string) => Promise<ServerAnswer>) => Promise<PreparedRoute | null>;
