// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PREFETCH_DELAY_MS,
  PREFETCH_HEADER,
  PREFETCH_THROTTLE_MS,
  createPrefetcher,
  fetchPageForPrefetch,
  installHoverPrefetch,
  internalPathOf,
} from './prefetch';
import { mockFetch, jsonResponse } from '../test/http';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const fetchPage = vi.fn(() => Promise.resolve());
  const preloadRoute = vi.fn();
  const prefetcher = createPrefetcher({ fetchPage, preloadRoute, now: () => Date.now() });
  return { fetchPage, preloadRoute, prefetcher };
}

describe('hover prefetch timing', () => {
  it('waits 100 ms after the hover', () => {
    expect(PREFETCH_DELAY_MS).toBe(100);
    const { fetchPage, preloadRoute, prefetcher } = setup();
    prefetcher.hover('/about');
    vi.advanceTimersByTime(99);
    expect(fetchPage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fetchPage).toHaveBeenCalledWith('/about');
    expect(preloadRoute).toHaveBeenCalledWith('/about');
  });

  it('does nothing when the pointer leaves before 100 ms', () => {
    const { fetchPage, prefetcher } = setup();
    prefetcher.hover('/about');
    vi.advanceTimersByTime(50);
    prefetcher.cancel('/about');
    vi.advanceTimersByTime(500);
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it('prefetches each path once', () => {
    const { fetchPage, prefetcher } = setup();
    prefetcher.hover('/about');
    vi.advanceTimersByTime(1000);
    prefetcher.hover('/about');
    vi.advanceTimersByTime(1000);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(prefetcher.hasPrefetched('/about')).toBe(true);
  });

  it('allows one prefetch per 200 ms', () => {
    expect(PREFETCH_THROTTLE_MS).toBe(200);
    const { fetchPage, prefetcher } = setup();
    prefetcher.hover('/about');
    vi.advanceTimersByTime(100);
    prefetcher.hover('/news');
    vi.advanceTimersByTime(100); // 100 ms after the first prefetch: throttled, dropped
    expect(fetchPage.mock.calls).toEqual([['/about']]);
    expect(prefetcher.hasPrefetched('/news')).toBe(false);
    vi.advanceTimersByTime(150);
    prefetcher.hover('/news'); // fires 350 ms after the first prefetch
    vi.advanceTimersByTime(100);
    expect(fetchPage.mock.calls).toEqual([['/about'], ['/news']]);
  });

  it('ignores failures', async () => {
    const preloadRoute = vi.fn(() => {
      throw new Error('chunk missing');
    });
    const prefetcher = createPrefetcher({ fetchPage: () => Promise.reject(new Error('offline')), preloadRoute });
    prefetcher.hover('/about');
    expect(() => vi.advanceTimersByTime(100)).not.toThrow();
    await vi.runAllTimersAsync();
  });
});

describe('the prefetch request', () => {
  it('is a same-origin GET marked as a prefetch, failures swallowed', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, {}));
    await fetchPageForPrefetch('/collections');
    expect(calls[0]).toMatchObject({ url: '/collections', method: 'GET' });
    expect(calls[0]?.headers[PREFETCH_HEADER.toLowerCase()]).toBe('1');
    mockFetch(() => Promise.reject(new TypeError('offline')));
    await expect(fetchPageForPrefetch('/collections')).resolves.toBeUndefined();
  });
});

describe('link detection', () => {
  const anchor = (href: string, attrs: Record<string, string> = {}) => {
    const a = document.createElement('a');
    a.setAttribute('href', href);
    for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
    return a;
  };

  it('accepts internal page links only', () => {
    const origin = 'http://localhost:3000';
    expect(internalPathOf(anchor('/about?x=1'), origin)).toBe('/about');
    expect(internalPathOf(anchor('http://localhost:3000/news'), origin)).toBe('/news');
    expect(internalPathOf(anchor('https://example.com/about'), origin)).toBeNull();
    expect(internalPathOf(anchor('#top'), origin)).toBeNull();
    expect(internalPathOf(anchor('/api/users'), origin)).toBeNull();
    expect(internalPathOf(anchor('/about', { target: '_blank' }), origin)).toBeNull();
    expect(internalPathOf(anchor('/brochure.pdf', { download: '' }), origin)).toBeNull();
  });

  it('prefetches when the pointer rests on a link', () => {
    const { fetchPage, prefetcher } = setup();
    const stop = installHoverPrefetch(prefetcher);
    const link = anchor('/services');
    const span = document.createElement('span');
    link.append(span);
    document.body.append(link);
    span.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    vi.advanceTimersByTime(100);
    expect(fetchPage).toHaveBeenCalledWith('/services');
    stop();
    link.remove();
  });
});
