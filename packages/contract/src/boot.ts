/**
 * What the web build hands the API for a page's first load (decisions §33–37), and what the
 * server-rendered page hands the browser. No runtime dependencies: the browser entry imports it
 * (`@mirror/contract/boot`) without pulling the zod schemas in.
 */

/** The element holding a prepared page's inlined public API answers. */
export const BOOT_SCRIPT_ID = 'mirror-boot';

/** One query of a page's first render. */
export interface BootQuery {
  /** The TanStack Query key (strings may hold `:param`). */
  key: readonly unknown[];
  /** The GET the query's function sends, query string included, exactly as api-client builds it. */
  url: string;
  /** Keep only this property of the answer (the query selects it in its function). */
  field?: string;
  /**
   * The query reads a whole list page by page (the all-gems index): the answer is its first page, kept
   * only when it is the only one (`totalPages` ≤ 1); otherwise the browser reads the list itself.
   */
  isWholeList?: boolean;
}

export interface BootImage {
  /** Index in `queries` of the answer holding the image. */
  query: number;
  /**
   * Dot path to the image; `[flag]` picks the first array element whose `flag` is true, or the
   * first element when none is (the collection page's hero piece).
   */
  path: string;
  /** The `sizes` the page's <img> uses, so the preload fetches the same rendition. */
  sizes: string;
}

/** One prepared route (dist/.vite/boot-plan.json). */
export interface BootRoute {
  /** React Router pattern (no query string: URL state differs, so it only applies to a bare path). */
  path: string;
  /** The route module, as Vite's manifest names it. */
  module: string;
  queries: BootQuery[];
  image?: BootImage;
  /**
   * The queries do not depend on the query string (it only chooses what the page shows of the app's
   * own content: a service, a topic, a page of the archive): a URL with one is prepared and rendered too.
   * Otherwise URL state leaves the page to the browser.
   */
  rendersSearch?: boolean;
}

/** One inlined answer: the query key and its data. */
export interface BootEntry {
  key: readonly unknown[];
  data: unknown;
}

/** What the web app's server renderer (apps/web/src/entry-server.tsx) gives for a page. */
export interface RenderedPage {
  /** The markup inside `#root`. */
  markup: string;
  /** The page's `<title>` and meta description, as the browser would set them. */
  title?: string;
  description?: string;
}
