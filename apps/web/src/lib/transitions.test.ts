// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { PAGE_ROOT_ID, TRANSITION_COMPLETE_EVENT, isPageReady, runPageTransition } from './transitions';

function mountRoot(path: string, html = '<h1>Old</h1>') {
  const root = document.createElement('main');
  root.id = PAGE_ROOT_ID;
  root.dataset.path = path;
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

/** As React Router's navigate: the address changes at once, the page renders later. */
const goTo = (path: string) => window.history.pushState(null, '', path);

let scrollTo: MockInstance;
beforeEach(() => {
  goTo('/home');
  vi.useFakeTimers();
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('page readiness', () => {
  it('waits for the new path, the end of Loading... and the first three images', () => {
    const root = mountRoot('/old');
    expect(isPageReady(root, '/new')).toBe(false);
    root.dataset.path = '/new';
    root.innerHTML = '<p data-route-loading>Loading...</p>';
    expect(isPageReady(root, '/new')).toBe(false);
    root.innerHTML = '<img><img><img><img>';
    const imgs = Array.from(root.querySelectorAll('img'));
    imgs.forEach((img) => Object.defineProperty(img, 'complete', { value: false, configurable: true }));
    expect(isPageReady(root, '/new')).toBe(false);
    imgs.slice(0, 3).forEach((img) => Object.defineProperty(img, 'complete', { value: true }));
    expect(isPageReady(root, '/new')).toBe(true);
    expect(isPageReady(null, '/new')).toBe(false);
  });

  it('waits for the first three images the browser loads now, not for lazy ones below the first screen', () => {
    const root = mountRoot('/collections');
    root.innerHTML = '<img loading="lazy"><img loading="lazy"><img loading="lazy"><img>';
    const [farDown, hidden, inView, eager] = Array.from(root.querySelectorAll('img'));
    const place = (img: HTMLImageElement, top: number, complete: boolean) => {
      Object.defineProperty(img, 'complete', { value: complete, configurable: true });
      img.getBoundingClientRect = () => ({ top, bottom: top + 300 }) as DOMRect;
      img.getClientRects = () => [img.getBoundingClientRect()] as unknown as DOMRectList;
    };
    // Lazy, 6,000 px down: the browser fetches it when the visitor scrolls there, never during the transition.
    place(farDown!, 6000, false);
    // Lazy and not laid out (display: none): never fetched.
    place(hidden!, 0, false);
    hidden!.getClientRects = () => [] as unknown as DOMRectList;
    place(inView!, 120, false);
    place(eager!, 9000, false);
    expect(isPageReady(root, '/collections')).toBe(false);
    place(inView!, 120, true);
    // An eager image loads wherever it is: it is waited for.
    expect(isPageReady(root, '/collections')).toBe(false);
    place(eager!, 9000, true);
    expect(isPageReady(root, '/collections')).toBe(true);
  });
});

describe('runPageTransition', () => {
  it('freezes the old page, navigates, waits for the new page, then fires the completion event', async () => {
    const root = mountRoot('/home');
    const done = vi.fn();
    window.addEventListener(TRANSITION_COMPLETE_EVENT, done);
    const navigate = vi.fn((to: string) => {
      goTo(to);
      setTimeout(() => {
        root.dataset.path = '/about';
        root.innerHTML = '<h1>About</h1>';
      }, 250);
    });
    const result = runPageTransition({ navigate, to: '/about' });
    expect(navigate).toHaveBeenCalledWith('/about');
    expect(document.querySelector('[data-testid="page-transition-overlay"]')?.textContent).toBe('Old');
    await vi.advanceTimersByTimeAsync(200);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe(true);
    expect(done).toHaveBeenCalledTimes(1);
    expect((done.mock.calls[0]?.[0] as CustomEvent).detail).toEqual({ to: '/about', variant: 'slide' });
    expect(document.querySelector('[data-testid="page-transition-overlay"]')).toBeNull();
    expect(scrollTo).toHaveBeenCalledTimes(5);
    window.removeEventListener(TRANSITION_COMPLETE_EVENT, done);
  });

  it('gives up waiting after 50 polls of 100 ms and still completes', async () => {
    mountRoot('/home');
    const navigate = vi.fn(goTo);
    const result = runPageTransition({ navigate, to: '/about' });
    await vi.advanceTimersByTimeAsync(4_900);
    let settled = false;
    void result.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(400);
    await expect(result).resolves.toBe(true);
  });

  it('logs and navigates directly when the page root is missing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const navigate = vi.fn();
    const done = vi.fn();
    window.addEventListener(TRANSITION_COMPLETE_EVENT, done);
    await expect(runPageTransition({ navigate, to: '/news' })).resolves.toBe(false);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
    expect(done).not.toHaveBeenCalled();
    expect(document.querySelector('[data-testid="page-transition-overlay"]')).toBeNull();
    window.removeEventListener(TRANSITION_COMPLETE_EVENT, done);
  });

  it('runs one transition at a time; a second request navigates directly, and the first then stands aside', async () => {
    const root = mountRoot('/home');
    const navigate = vi.fn(goTo);
    const first = runPageTransition({ navigate, to: '/about' });
    await expect(runPageTransition({ navigate, to: '/news' })).resolves.toBe(false);
    expect(navigate.mock.calls).toEqual([['/about'], ['/news']]);
    expect(document.querySelectorAll('[data-testid="page-transition-overlay"]')).toHaveLength(1);
    root.dataset.path = '/news';
    await vi.advanceTimersByTimeAsync(100);
    // The page shown is the second request's: the first's overlay goes at once, without scrolling it.
    await expect(first).resolves.toBe(false);
    expect(document.querySelector('[data-testid="page-transition-overlay"]')).toBeNull();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('Back before the new page is in: the overlay goes at once and the scroll Back restored is left alone', async () => {
    const root = mountRoot('/immersive-showroom');
    const done = vi.fn();
    window.addEventListener(TRANSITION_COMPLETE_EVENT, done);
    const result = runPageTransition({ navigate: goTo, to: '/collections' });
    await vi.advanceTimersByTimeAsync(300);
    expect(document.querySelector('[data-testid="page-transition-overlay"]')).not.toBeNull();
    // Back: the address returns to the page that was left, whose root the router renders again.
    goTo('/immersive-showroom');
    await vi.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toBe(false);
    expect(document.querySelector('[data-testid="page-transition-overlay"]')).toBeNull();
    // Before, the abandoned transition waited out its 50 polls and then scrolled the page Back had restored to the top.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(done).not.toHaveBeenCalled();
    expect(root.dataset.path).toBe('/immersive-showroom');
    window.removeEventListener(TRANSITION_COMPLETE_EVENT, done);
  });
});
