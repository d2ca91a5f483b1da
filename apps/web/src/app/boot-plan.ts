/**
 * What the server puts into the HTML of a first page load, per route (decisions §33, §89): the
 * route's lazy chunk to modulepreload, the public API answers its first render needs (inlined as
 * JSON and written into the query cache before React renders, so the page paints complete in one
 * go) and the image that is its largest paint (preloaded).
 *
 * Pure data (the types come from @mirror/contract/boot): the build (vite.config.ts) writes it to
 * dist/.vite/boot-plan.json for the API (apps/api/src/lib/spa-html.ts). `:name` in keys and URLs is the route parameter.
 * boot-plan.test.ts proves every entry equals the query the page really runs: same key, same URL.
 */
import type { BootQuery, BootRoute } from '@mirror/contract/boot';
import { NEW_CUT } from '../features/catalog/new-cut';

export type { BootQuery, BootRoute };

/** The journal's articles, newest first: each one's slug and the collection whose image is its cover. */
export interface BootContent {
  articles: readonly { slug: string; cover: string }[];
}

const coverQuery = (collectionName: string): BootQuery => ({
  key: ['content', 'cover', collectionName],
  url: `/api/collections/name/${encodeURIComponent(collectionName)}`,
  field: 'coverImage',
});

export const PRODUCT_LIST_SIZE = { grid: 12, large: 8, sidebar: 12 } as const;

const productList = (size: number): BootQuery => ({
  key: ['products', 'list', { sort: 'createdAt,desc', page: 0, size }],
  url: `/api/products?sort=createdAt%2Cdesc&page=0&size=${size}`,
});
const productFacets: BootQuery = { key: ['products', 'facets', {}], url: '/api/products/filters' };
/** Every boutique (the boutiques page, the appointment request's choices). */
const boutiques: BootQuery = { key: ['locations', 'list', {}], url: '/api/locations/filter?size=100&sort=city%2Casc' };

/** The three product layouts share one page module and one query shape; size and image slot differ. */
const productsRoute = (path: string, size: number, sizes: string): BootRoute => ({
  path,
  module: 'src/app/routes/products-page.tsx',
  queries: [productList(size), productFacets],
  image: { query: 0, path: 'content.0.images.0', sizes },
});

/** The app's own content (services, questions, the story pages): no data, text as the largest paint. */
const contentRoute = (path: string, module: string, rendersSearch = false): BootRoute => ({ path, module, queries: [], ...(rendersSearch ? { rendersSearch } : {}) });

export function bootPlan(content: BootContent): BootRoute[] {
  const newsCovers = content.articles.map((a) => a.cover);
  return [
    {
      path: '/home',
      module: 'src/app/routes/home-page.tsx',
      queries: [
        { key: ['collections', 'list', { featured: true, size: 4 }], url: '/api/collections/featured?size=4&sort=year%2Cdesc' },
        { key: ['products', 'featured', 4], url: '/api/products/featured?size=4&sort=createdAt%2Cdesc' },
        { key: ['locations', 'facets'], url: '/api/locations/filters' },
        ...newsCovers.slice(0, 3).map(coverQuery),
      ],
      image: { query: 0, path: 'content.0.coverImage', sizes: '(max-width: 767px) 100vw, 50vw' },
    },
    {
      path: '/collections',
      module: 'src/app/routes/collections-page.tsx',
      queries: [{ key: ['collections', 'list', { size: 100 }], url: '/api/collections?size=100&sort=year%2Cdesc' }],
      image: { query: 0, path: 'content.0.coverImage', sizes: '(max-width: 767px) 100vw, 50vw' },
    },
    {
      path: '/collections/:collectionId',
      module: 'src/app/routes/collection-detail-page.tsx',
      queries: [
        { key: ['collections', 'detail', ':collectionId'], url: '/api/collections/:collectionId' },
        { key: ['collections', 'detail', ':collectionId', 'products'], url: '/api/collections/:collectionId/products-list' },
      ],
      image: { query: 1, path: '[isHero].product.images.0', sizes: '(max-width: 1023px) 100vw, 50vw' },
    },
    productsRoute('/products', PRODUCT_LIST_SIZE.grid, '(max-width: 1023px) 50vw, 25vw'),
    productsRoute('/products-v2', PRODUCT_LIST_SIZE.large, '(max-width: 767px) 100vw, 50vw'),
    productsRoute('/products-left', PRODUCT_LIST_SIZE.sidebar, '(max-width: 1023px) 50vw, 26vw'),
    {
      path: '/news',
      module: 'src/app/routes/news-page.tsx',
      queries: newsCovers.slice(0, 3).map(coverQuery),
      image: { query: 0, path: '', sizes: '(max-width: 1023px) 100vw, 60vw' },
    },
    {
      path: '/locations',
      module: 'src/app/routes/locations-page.tsx',
      queries: [{ key: ['locations', 'facets'], url: '/api/locations/filters' }, boutiques],
    },
    // Issue 13 §16: every storefront route is prepared and rendered like the eight above.
    {
      path: '/products/:productId',
      module: 'src/app/routes/product-detail-page.tsx',
      queries: [{ key: ['products', 'detail', ':productId'], url: '/api/products/:productId' }, productFacets],
      image: { query: 0, path: 'images.0', sizes: '(max-width: 1023px) 100vw, 55vw' },
    },
    // One route per article (the slug decides the cover); an unknown slug is the browser's not-found page.
    ...content.articles.map(
      (article): BootRoute => ({
        path: `/news/${article.slug}`,
        module: 'src/app/routes/news-article-page.tsx',
        queries: [coverQuery(article.cover)],
        image: { query: 0, path: '', sizes: '(max-width: 1200px) 100vw, 1152px' },
      }),
    ),
    contentRoute('/all-news', 'src/app/routes/all-news-page.tsx', true),
    contentRoute('/services', 'src/app/routes/services-page.tsx'),
    contentRoute('/services/detail', 'src/app/routes/service-detail-page.tsx', true),
    contentRoute('/support', 'src/app/routes/support-page.tsx', true),
    contentRoute('/about', 'src/app/routes/about-page.tsx'),
    {
      // `?appointment` opens the request dialog: URL state, rendered in the browser.
      path: '/contact',
      module: 'src/app/routes/contact-page.tsx',
      queries: [boutiques],
    },
    {
      path: '/all-gems',
      module: 'src/app/routes/all-gems-page.tsx',
      queries: [{ key: ['products', 'gems'], url: '/api/products/gems' }],
    },
    contentRoute('/mirror-in-milan-digital-jewelry-week', 'src/app/routes/jewelry-week-page.tsx'),
    // Private: the server knows no session (tokens live in the browser), so it renders the frame and
    // 'Loading...'; the profile follows in the browser.
    contentRoute('/user-profile', 'src/app/routes/user-profile-page.tsx'),
    {
      path: '/new-cut',
      module: 'src/app/routes/new-cut-page.tsx',
      queries: [
        {
          key: ['products', 'list', { cut: NEW_CUT.cut, sort: 'createdAt,desc', page: 0, size: NEW_CUT.pageSize }],
          url: `/api/products?sort=createdAt%2Cdesc&page=0&size=${NEW_CUT.pageSize}&cut=${encodeURIComponent(NEW_CUT.cut)}`,
        },
      ],
    },
  ];
}
