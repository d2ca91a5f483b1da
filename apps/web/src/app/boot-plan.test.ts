import { hashKey, type QueryFunctionContext } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gemIndexQuery, collectionProductsQuery, collectionQuery, collectionsQuery, featuredProductsQuery, productFacetsQuery, productQuery, productsListQuery } from '../features/catalog/api/catalog.queries';
import { featuredCollectionsQuery } from '../features/catalog/components/home-sections';
import { newCutPiecesParams } from '../features/catalog/components/new-cut-page';
import { PAGE_SIZE, SIZES } from '../features/catalog/components/product-browser';
import { PRODUCT_LIST_SPEC, toListParams } from '../features/catalog/components/use-product-list-state';
import { coverQuery } from '../features/content/api/content.queries';
import { articles } from '../features/content/news';
import { locationFacetsQuery, locationsQuery } from '../features/locations/api/locations.queries';
import { readParams } from '../lib/url-state';
import { bootPlan, PRODUCT_LIST_SIZE, type BootQuery } from './boot-plan';

const ID = '42d202d3-bb15-4f69-b33f-c1f544270303';

interface Options {
  queryKey: readonly unknown[];
  queryFn?: unknown;
}

/** The query each page really runs on a bare URL (no search params), in the plan's order. */
function pageQueries(): Record<string, Options[]> {
  const products = (size: number) => {
    const params = toListParams(readParams(new URLSearchParams(), PRODUCT_LIST_SPEC), size);
    const { q: _q, sort: _s, page: _p, size: _z, ...filter } = params;
    return [productsListQuery(params), productFacetsQuery(filter)];
  };
  return {
    '/home': [featuredCollectionsQuery(), featuredProductsQuery(4), locationFacetsQuery(), ...articles.slice(0, 3).map((a) => coverQuery(a.cover))],
    '/collections': [collectionsQuery()],
    '/collections/:collectionId': [collectionQuery(ID), collectionProductsQuery(ID)],
    '/products': products(PAGE_SIZE.grid),
    '/products-v2': products(PAGE_SIZE.large),
    '/products-left': products(PAGE_SIZE.sidebar),
    '/news': articles.slice(0, 3).map((a) => coverQuery(a.cover)),
    '/locations': [locationFacetsQuery(), locationsQuery({ city: undefined, type: undefined, service: undefined })],
    '/products/:productId': [productQuery(ID), productFacetsQuery({})],
    ...Object.fromEntries(articles.map((a) => [`/news/${a.slug}`, [coverQuery(a.cover)]])),
    '/all-news': [],
    '/services': [],
    '/services/detail': [],
    '/support': [],
    '/about': [],
    '/contact': [locationsQuery({})],
    '/all-gems': [gemIndexQuery()],
    '/mirror-in-milan-digital-jewelry-week': [],
    '/user-profile': [],
    '/new-cut': [productsListQuery(newCutPiecesParams(1))],
  };
}

const fill = (query: BootQuery): BootQuery => ({
  ...query,
  key: query.key.map((part) => (part === ':collectionId' || part === ':productId' ? ID : part)),
  url: query.url.replace(/:collectionId|:productId/, ID),
});

/** Runs a query function against a fake fetch: the URL it asks for, and what it makes of `answer`. */
async function run(options: Options, answer: unknown): Promise<{ url: string; result: unknown }> {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  const queryFn = options.queryFn as (context: QueryFunctionContext) => Promise<unknown>;
  const result = await queryFn({ queryKey: options.queryKey, signal: new AbortController().signal, meta: undefined } as unknown as QueryFunctionContext);
  const calls = fetchMock.mock.calls as unknown as [string][];
  expect(calls).toHaveLength(1);
  return { url: calls[0]![0], result };
}

afterEach(() => vi.unstubAllGlobals());

describe('the boot plan', () => {
  const plan = bootPlan({ articles });
  const expected = pageQueries();

  it('covers the storefront routes the budget measures, each once', () => {
    expect(plan.map((r) => r.path).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const route of plan) {
    it(`${route.path}: the same keys and URLs as the page's own queries`, async () => {
      const own = expected[route.path]!;
      expect(route.queries).toHaveLength(own.length);
      for (const [i, query] of route.queries.map(fill).entries()) {
        expect(hashKey(query.key), `${route.path} #${i}`).toBe(hashKey(own[i]!.queryKey));
        // One page holds the list (a query that reads a list whole stops there).
        const answer = { coverImage: { url: '/x.webp' }, content: [], totalPages: 1 };
        const { url, result } = await run(own[i]!, answer);
        expect(url, `${route.path} #${i}`).toBe(query.url);
        // A `field` is what the query function keeps of the answer.
        expect(result).toEqual(query.field ? answer[query.field as 'coverImage'] : answer);
      }
    });
  }

  it('names route modules that exist, and the page sizes and image sizes the product pages use', () => {
    const modules = Object.keys(import.meta.glob('./routes/*.tsx')).map((file) => `src/app/routes/${file.slice('./routes/'.length)}`);
    for (const route of plan) expect(modules, route.path).toContain(route.module);
    expect(PRODUCT_LIST_SIZE).toEqual(PAGE_SIZE);
    const sizesOf = (path: string) => plan.find((r) => r.path === path)?.image?.sizes;
    expect([sizesOf('/products'), sizesOf('/products-v2'), sizesOf('/products-left')]).toEqual([SIZES.grid, SIZES.large, SIZES.sidebar]);
  });
});
