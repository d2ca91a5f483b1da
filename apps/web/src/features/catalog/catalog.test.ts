import { OFFSET_WINDOW } from '@mirror/contract';
import type { QueryFunctionContext } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { productFacetsQuery, productsListQuery } from './api/catalog.queries';
import { PRODUCT_LIST_SPEC, toListParams } from './components/use-product-list-state';
import { linkablePages, OFFSET_WINDOW_PIECES, pageWindow } from './components/pagination';
import { readParams } from '../../lib/url-state';
import { formatPrice } from '../../lib/format';

describe('product list URL state', () => {
  it('turns 1-based pages and whole euros into the API’s 0-based pages and cents', () => {
    const state = readParams(new URLSearchParams('page=3&min=1000&max=5000&metal=PLATINUM&sort=price,asc'), PRODUCT_LIST_SPEC);
    expect(toListParams(state, 12)).toMatchObject({
      page: 2,
      size: 12,
      minPrice: 100_000,
      maxPrice: 500_000,
      metalType: 'PLATINUM',
      sort: 'price,asc',
      q: undefined,
    });
  });

  it('sends a chosen stone and cut as the API’s own filters, never folded into the search text', () => {
    const state = readParams(new URLSearchParams('q=ring&stone=Ruby&cut=Cushion'), PRODUCT_LIST_SPEC);
    expect(toListParams(state, 12)).toMatchObject({ q: 'ring', stone: 'Ruby', cut: 'Cushion' });
    expect(toListParams(readParams(new URLSearchParams('stone=Sapphire'), PRODUCT_LIST_SPEC), 12)).toMatchObject({
      q: undefined,
      stone: 'Sapphire',
    });
  });

  it('asks the list and the facets for the stone filter, and the facets for the search text too', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        urls.push(url);
        return Promise.resolve(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
      }),
    );
    try {
      const params = toListParams(readParams(new URLSearchParams('q=ring&stone=Sapphire'), PRODUCT_LIST_SPEC), 12);
      const { q, sort: _s, page: _p, size: _z, ...filter } = params;
      const run = (options: { queryKey: readonly unknown[]; queryFn?: unknown }) =>
        (options.queryFn as (c: QueryFunctionContext) => Promise<unknown>)({
          queryKey: options.queryKey,
          signal: new AbortController().signal,
          meta: undefined,
        } as unknown as QueryFunctionContext);
      await run(productsListQuery(params));
      await run(productFacetsQuery(filter, q));
      const [list, facets] = urls.map((u) => new URL(u, 'http://x'));
      expect(list!.pathname).toBe('/api/products/search');
      expect(Object.fromEntries(list!.searchParams)).toMatchObject({ q: 'ring', stone: 'Sapphire' });
      expect(facets!.pathname).toBe('/api/products/filters');
      expect(Object.fromEntries(facets!.searchParams)).toMatchObject({ q: 'ring', stone: 'Sapphire' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('ignores values outside the vocabulary', () => {
    const state = readParams(new URLSearchParams('metal=BRONZE&sort=random&availability=SOON'), PRODUCT_LIST_SPEC);
    expect([state.metal, state.sort, state.availability]).toEqual([undefined, 'createdAt,desc', undefined]);
  });
});

describe('pageWindow', () => {
  it('shows first, last and the neighbours of the current page with gaps', () => {
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });
});

describe('formatPrice', () => {
  it('prints a fixed price, a range, or Price on request', () => {
    expect(formatPrice({ price: { amount: 1_250_000, currency: 'EUR' }, priceRange: null })).toBe('€12,500');
    expect(formatPrice({ price: null, priceRange: { min: 1_000_000, max: 2_000_000, currency: 'EUR' } })).toBe('€10,000 – €20,000');
    expect(formatPrice({ price: null, priceRange: null })).toBe('Price on request');
  });
});

describe('linkablePages', () => {
  it("links pages by number within the API's offset window only", () => {
    expect(OFFSET_WINDOW_PIECES).toBe(OFFSET_WINDOW);
    expect(linkablePages(12, 24)).toBe(12);
    // 100,000 pieces at 24 a page: 4,167 pages, of which the first 416 end within the first 10,000 pieces.
    expect(linkablePages(4167, 24)).toBe(416);
    expect(416 * 24).toBeLessThanOrEqual(OFFSET_WINDOW);
    expect(linkablePages(5000, 20)).toBe(500);
  });
});
