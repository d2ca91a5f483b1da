/**
 * Page transitions (docs/product.md §4): one at a time. The old page is frozen as an overlay, the route
 * changes underneath, we wait for the new content and its first three images, then the overlay
 * slides up and fades. On any failure we log, navigate directly and remove the overlay.
 */
export const TRANSITION_COMPLETE_EVENT = 'mirror:transition-complete';
export const PAGE_ROOT_ID = 'page-root';
export const SCROLL_TO_TOP_KEY = 'scrollToTop';

export type TransitionVariant = 'slide' | 'crossfade' | 'loader' | 'quick';

interface VariantSpec {
  polls: number;
  durationMs: number;
  keyframes: Keyframe[];
  showsLoader: boolean;
}

export const POLL_INTERVAL_MS = 100;
export const SCROLL_RESET_DELAYS_MS = [10, 50, 100, 200] as const;

export const VARIANTS: Record<TransitionVariant, VariantSpec> = {
  slide: {
    polls: 50,
    durationMs: 600,
    keyframes: [
      { opacity: 1, transform: 'translateY(0)' },
      { opacity: 0, transform: 'translateY(-48px)' },
    ],
    showsLoader: false,
  },
  crossfade: { polls: 50, durationMs: 600, keyframes: [{ opacity: 1 }, { opacity: 0 }], showsLoader: false },
  // The "smart" wait: a quiet loader on the overlay, up to 100 polls (10 s).
  loader: { polls: 100, durationMs: 600, keyframes: [{ opacity: 1 }, { opacity: 0 }], showsLoader: true },
  quick: { polls: 50, durationMs: 250, keyframes: [{ opacity: 1 }, { opacity: 0 }], showsLoader: false },
};

export interface TransitionDetail {
  to: string;
  variant: TransitionVariant;
}

export interface TransitionOptions {
  /** Changes the route (React Router's navigate). */
  navigate: (to: string) => void;
  to: string;
  variant?: TransitionVariant;
}

let running = false;

export function isTransitionRunning(): boolean {
  return running;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function freeze(root: HTMLElement, spec: VariantSpec): HTMLElement {
  const overlay = document.createElement('div');
  overlay.className = 'page-transition-overlay';
  overlay.setAttribute('aria-hidden', 'true');
  overlay.setAttribute('data-testid', 'page-transition-overlay');
  overlay.inert = true;
  const frame = document.createElement('div');
  frame.className = 'page-transition-frame';
  const rect = root.getBoundingClientRect();
  frame.style.transform = `translateY(${rect.top}px)`;
  const clone = root.cloneNode(true) as HTMLElement;
  clone.removeAttribute('id');
  for (const el of clone.querySelectorAll('[id]')) el.removeAttribute('id');
  frame.append(clone);
  overlay.append(frame);
  if (spec.showsLoader) {
    const loader = document.createElement('div');
    loader.className = 'page-transition-loader';
    overlay.append(loader);
  }
  document.body.append(overlay);
  return overlay;
}

/**
 * An image the browser is not loading and will not load until the visitor scrolls: a lazy one outside the
 * first screen, or not laid out at all. Waiting for it would always wait the full 5 s.
 */
function isDeferred(img: HTMLImageElement): boolean {
  if (img.getAttribute('loading') !== 'lazy') return false;
  if (img.getClientRects().length === 0) return true;
  const { top, bottom } = img.getBoundingClientRect();
  return top >= window.innerHeight || bottom <= 0;
}

/**
 * True once the root shows the new route (not its 'Loading...' fallback) and its first 3 images are loaded —
 * the first 3 the browser loads now (the first screen's; a lazy image further down is not among them).
 */
export function isPageReady(root: HTMLElement | null, path: string): boolean {
  if (!root || root.dataset.path !== path) return false;
  if (root.querySelector('[data-route-loading]')) return false;
  let counted = 0;
  for (const img of root.querySelectorAll('img')) {
    if (isDeferred(img)) continue;
    if (!img.complete) return false;
    counted += 1;
    if (counted === 3) break;
  }
  return true;
}

/**
 * Waits for the new page at `path`: true once it is ready, or after `polls` polls (waited long enough: reveal
 * what is there rather than hold the person hostage); false as soon as the address is no longer `path` — the
 * person went Back, chose another page, or the route redirected — whose page is not this transition's.
 */
async function waitForPage(path: string, polls: number): Promise<boolean> {
  for (let i = 0; i < polls; i += 1) {
    if (isPageReady(document.getElementById(PAGE_ROOT_ID), path)) return true;
    await wait(POLL_INTERVAL_MS);
    if (window.location.pathname !== path) return false;
  }
  return true;
}

export function resetScroll(): void {
  const top = () => window.scrollTo({ top: 0, left: 0, behavior: 'instant' as ScrollBehavior });
  top();
  for (const delay of SCROLL_RESET_DELAYS_MS) setTimeout(top, delay);
}

/** Scroll-reveal elements start over on the new page. */
function clearScrollAnimations(): void {
  for (const el of document.querySelectorAll('[data-reveal]')) el.classList.remove('is-revealed');
}

async function animateOut(overlay: HTMLElement, spec: VariantSpec): Promise<void> {
  if (prefersReducedMotion() || typeof overlay.animate !== 'function') return;
  const animation = overlay.animate(spec.keyframes, {
    duration: spec.durationMs,
    easing: 'cubic-bezier(0.22, 1, 0.36, 1)',
    fill: 'forwards',
  });
  await animation.finished;
}

function pathOf(to: string): string {
  return new URL(to, window.location.origin).pathname;
}

/**
 * Runs one transition. While one runs, another request navigates directly (the overlay already
 * covers the swap). Resolves true when the animated path completed; false when it failed, or another
 * navigation (Back, another page, a redirect) took over before the new page was in — its overlay is then
 * removed at once and the scroll left alone.
 */
export async function runPageTransition(options: TransitionOptions): Promise<boolean> {
  const variant = options.variant ?? 'slide';
  const spec = VARIANTS[variant];
  if (running) {
    options.navigate(options.to);
    return false;
  }
  running = true;
  let overlay: HTMLElement | null = null;
  let hasNavigated = false;
  try {
    const root = document.getElementById(PAGE_ROOT_ID);
    if (!root) throw new Error(`Page transition: #${PAGE_ROOT_ID} is missing`);
    overlay = freeze(root, spec);
    options.navigate(options.to);
    hasNavigated = true;
    if (!(await waitForPage(pathOf(options.to), spec.polls))) {
      // Another navigation took over: the page shown now is not ours to scroll (Back restores its position, a
      // new choice scrolls to the top itself) nor to cover with the page that was left.
      return false;
    }
    resetScroll();
    await animateOut(overlay, spec);
    clearScrollAnimations();
    overlay.remove();
    overlay = null;
    window.dispatchEvent(new CustomEvent<TransitionDetail>(TRANSITION_COMPLETE_EVENT, { detail: { to: options.to, variant } }));
    return true;
  } catch (error) {
    console.error('Page transition failed; navigating directly.', error);
    if (!hasNavigated) options.navigate(options.to);
    return false;
  } finally {
    overlay?.remove();
    running = false;
  }
}

/** Choosing another page saves this flag; the shell scrolls to the top once it has rendered. */
export const scrollToTopFlag = {
  set(): void {
    try {
      sessionStorage.setItem(SCROLL_TO_TOP_KEY, 'true');
    } catch {
      // Without sessionStorage the transition still resets the scroll.
    }
  },
  consume(): boolean {
    try {
      const isSet = sessionStorage.getItem(SCROLL_TO_TOP_KEY) === 'true';
      sessionStorage.removeItem(SCROLL_TO_TOP_KEY);
      return isSet;
    } catch {
      return false;
    }
  },
};
