import type { Product } from '@mirror/contract';
import { describe, expect, it } from 'vitest';
import { PRODUCT_LIST_SPEC, toListParams } from './components/use-product-list-state';
import { pageWindow } from './components/pagination';
import { gemIndex } from './gems';
import { readParams } from '../../lib/url-state';
import { formatPrice } from '../../lib/format';

function product(id: string, gemstone: Product['gemstone']): Product {
  return { id, name: id, gemstone } as Product;
}

describe('gemIndex', () => {
  it('groups stones by type (case-insensitively), then by colour and cut, most pieces first', () => {
    const index = gemIndex([
      product('a', { type: 'Diamond', carat: 1, cut: 'Round', colour: 'D', clarity: null }),
      product('b', { type: 'DIAMOND', carat: 1, cut: 'round', colour: 'D', clarity: null }),
      product('c', { type: 'Diamond', carat: 1, cut: 'Oval', colour: 'F', clarity: null }),
      product('d', { type: 'Ruby', carat: 1, cut: 'Oval', colour: 'Pigeon Blood', clarity: null }),
      product('e', null),
    ]);
    expect(index.stones.map((s) => [s.name, s.count])).toEqual([
      ['Diamond', 3],
      ['Ruby', 1],
    ]);
    expect(index.stones[0]!.variants.map((v) => [v.colour, v.cut, v.count])).toEqual([
      ['D', 'Round', 2],
      ['F', 'Oval', 1],
    ]);
    expect(index.stones[0]!.cuts).toEqual(['Oval', 'Round']);
  });
});

describe('product list URL state', () => {
  it('turns 1-based pages and whole euros into the API’s 0-based pages and cents', () => {
    const state = readParams(new URLSearchParams('page=3&min=1000&max=5000&metal=PLATINUM&sort=price,asc'), PRODUCT_LIST_SPEC);
    expect(toListParams(state, 12)).toMatchObject({ page: 2, size: 12, minPrice: 100_000, maxPrice: 500_000, metalType: 'PLATINUM', sort: 'price,asc', q: undefined });
  });

  it('searches for a chosen stone, together with the search text', () => {
    const state = readParams(new URLSearchParams('q=ring&stone=Ruby'), PRODUCT_LIST_SPEC);
    expect(toListParams(state, 12).q).toBe('ring Ruby');
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
