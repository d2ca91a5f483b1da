/**
 * Hover prefetch (docs/product.md §4, §7, §9): hovering an internal link prefetches it after 100 ms,
 * at most one prefetch per 200 ms, each path once. A prefetch is a same-origin GET of the page
 * path marked with a header (failures ignored) plus a preload of the route's lazy chunk.
 */
export const PREFETCH_DELAY_MS = 100;
export const PREFETCH_THROTTLE_MS = 200;
export const PREFETCH_HEADER = 'X-Prefetch';

export interface PrefetcherOptions {
  /** Loads the lazy chunk of the route matching `path` (no-op when none matches). */
  preloadRoute?: (path: string) => void;
  fetchPage?: (path: string) => Promise<unknown>;
  now?: () => number;
  delayMs?: number;
  throttleMs?: number;
}

export interface Prefetcher {
  /** Pointer entered a link to `path`. */
  hover(path: string): void;
  /** Pointer left before the delay elapsed. */
  cancel(path: string): void;
  hasPrefetched(path: string): boolean;
  dispose(): void;
}

export function fetchPageForPrefetch(path: string): Promise<unknown> {
  return fetch(path, {
    method: 'GET',
    credentials: 'same-origin',
    headers: { [PREFETCH_HEADER]: '1', Purpose: 'prefetch' },
  }).catch(() => undefined);
}

export function createPrefetcher(options: PrefetcherOptions = {}): Prefetcher {
  const now = options.now ?? Date.now;
  const delay = options.delayMs ?? PREFETCH_DELAY_MS;
  const throttle = options.throttleMs ?? PREFETCH_THROTTLE_MS;
  const fetchPage = options.fetchPage ?? fetchPageForPrefetch;
  const done = new Set<string>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  let lastAt = Number.NEGATIVE_INFINITY;

  function run(path: string): void {
    timers.delete(path);
    if (done.has(path)) return;
    const at = now();
    // Throttled hovers are simply dropped; hovering again later still prefetches.
    if (at - lastAt < throttle) return;
    lastAt = at;
    done.add(path);
    try {
      void Promise.resolve(fetchPage(path)).catch(() => undefined);
      options.preloadRoute?.(path);
    } catch {
      // Prefetch is an optimisation; it never breaks the page.
    }
  }

  return {
    hover(path) {
      if (done.has(path) || timers.has(path)) return;
      timers.set(
        path,
        setTimeout(() => run(path), delay),
      );
    },
    cancel(path) {
      const timer = timers.get(path);
      if (timer !== undefined) clearTimeout(timer);
      timers.delete(path);
    },
    hasPrefetched: (path) => done.has(path),
    dispose() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** The internal page path a link points to, or null for external, hash-only, download or API links. */
export function internalPathOf(anchor: HTMLAnchorElement, origin: string = window.location.origin): string | null {
  const href = anchor.getAttribute('href');
  if (!href || href.startsWith('#') || anchor.hasAttribute('download')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname.startsWith('/api/')) return null;
  return url.pathname;
}

/** Delegated hover listeners on the document: every internal link prefetches. */
export function installHoverPrefetch(prefetcher: Prefetcher, root: Document = document): () => void {
  const anchorOf = (event: Event) => (event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null);
  const onOver = (event: Event) => {
    const anchor = anchorOf(event);
    const path = anchor && internalPathOf(anchor);
    if (path && path !== window.location.pathname) prefetcher.hover(path);
  };
  const onOut = (event: Event) => {
    const anchor = anchorOf(event);
    const path = anchor && internalPathOf(anchor);
    const related = (event as MouseEvent).relatedTarget;
    if (path && !(related instanceof Node && anchor.contains(related))) prefetcher.cancel(path);
  };
  root.addEventListener('mouseover', onOver);
  root.addEventListener('mouseout', onOut);
  return () => {
    root.removeEventListener('mouseover', onOver);
    root.removeEventListener('mouseout', onOut);
    prefetcher.dispose();
  };
}
