import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  Category,
  GemIndex,
  Collection,
  CollectionItem,
  Page,
  Product,
  ProductFacets,
  ProductPage,
  ProductSearchPage,
} from '@mirror/contract';
import type { CollectionWithProductsSchema } from '@mirror/contract';
import type { z } from 'zod';
import { apiClient, type QueryParams } from '../../../lib/api-client';

export type CollectionWithProducts = z.infer<typeof CollectionWithProductsSchema>;

/** Filters the storefront exposes; undefined means 'any'. */
export interface ProductFilter {
  categoryId?: string;
  metalType?: string;
  /** The piece's gemstone type and cut (case-insensitive exact, the API's filters). */
  stone?: string;
  cut?: string;
  collectionId?: string;
  availability?: string;
  minPrice?: number;
  maxPrice?: number;
}

export interface ProductListParams extends ProductFilter {
  q?: string;
  sort: string;
  page: number;
  size: number;
}

function filterQuery(filter: ProductFilter): QueryParams {
  return {
    categoryId: filter.categoryId,
    metalType: filter.metalType,
    stone: filter.stone,
    cut: filter.cut,
    collectionId: filter.collectionId,
    availability: filter.availability,
    minPrice: filter.minPrice,
    maxPrice: filter.maxPrice,
  };
}

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (params: ProductListParams) => [...productKeys.lists(), params] as const,
  facets: (filter: ProductFilter, q?: string) =>
    q ? ([...productKeys.all, 'facets', filter, q] as const) : ([...productKeys.all, 'facets', filter] as const),
  featured: (size: number) => [...productKeys.all, 'featured', size] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: string) => [...productKeys.details(), id] as const,
  gems: () => [...productKeys.all, 'gems'] as const,
};

export const collectionKeys = {
  all: ['collections'] as const,
  lists: () => [...collectionKeys.all, 'list'] as const,
  list: (params: { featured?: boolean; size: number }) => [...collectionKeys.lists(), params] as const,
  details: () => [...collectionKeys.all, 'detail'] as const,
  detail: (id: string) => [...collectionKeys.details(), id] as const,
  products: (id: string) => [...collectionKeys.detail(id), 'products'] as const,
};

/**
 * A page of pieces; a search's page says when it holds the pieces of a corrected spelling ("Did you mean …"), and
 * whether its total is exact (it counts no further than the 10,000 matches it pages through).
 */
export type ProductListPage = ProductPage & Partial<Pick<ProductSearchPage, 'correctedQuery' | 'totalExact'>>;

export const productsListQuery = (params: ProductListParams) =>
  queryOptions({
    queryKey: productKeys.list(params),
    // A search ranks by relevance; otherwise the chosen sort applies.
    queryFn: ({ signal }): Promise<ProductListPage> =>
      params.q
        ? apiClient.get<ProductSearchPage>('/api/products/search', {
            signal,
            query: { q: params.q, page: params.page, size: params.size, ...filterQuery(params) },
          })
        : apiClient.get<ProductPage>('/api/products', {
            signal,
            query: { sort: params.sort, page: params.page, size: params.size, ...filterQuery(params) },
          }),
    placeholderData: keepPreviousData,
  });

/** Facet counts for the filter and, when given, the search: each facet ignores its own choice (the API's rule). */
export const productFacetsQuery = (filter: ProductFilter, q?: string) =>
  queryOptions({
    queryKey: productKeys.facets(filter, q),
    queryFn: ({ signal }) => apiClient.get<ProductFacets>('/api/products/filters', { signal, query: { ...filterQuery(filter), q } }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const featuredProductsQuery = (size = 8) =>
  queryOptions({
    queryKey: productKeys.featured(size),
    queryFn: ({ signal }) => apiClient.get<ProductPage>('/api/products/featured', { signal, query: { size, sort: 'createdAt,desc' } }),
  });

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get<Product>(`/api/products/${encodeURIComponent(id)}`, { signal }),
  });

/** The /all-gems index: every stone of the public catalogue by colour and cut, computed by the API. */
export const gemIndexQuery = () =>
  queryOptions({
    queryKey: productKeys.gems(),
    queryFn: ({ signal }) => apiClient.get<GemIndex>('/api/products/gems', { signal }),
    staleTime: 5 * 60_000,
  });

export const collectionsQuery = (params: { featured?: boolean; size: number } = { size: 100 }) =>
  queryOptions({
    queryKey: collectionKeys.list(params),
    queryFn: ({ signal }) =>
      apiClient.get<Page<Collection>>(params.featured ? '/api/collections/featured' : '/api/collections', {
        signal,
        query: { size: params.size, sort: 'year,desc' },
      }),
  });

export const collectionQuery = (id: string) =>
  queryOptions({
    queryKey: collectionKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get<Collection>(`/api/collections/${encodeURIComponent(id)}`, { signal }),
  });

export const collectionProductsQuery = (id: string) =>
  queryOptions({
    queryKey: collectionKeys.products(id),
    queryFn: ({ signal }) => apiClient.get<CollectionItem[]>(`/api/collections/${encodeURIComponent(id)}/products-list`, { signal }),
  });

export const categoryKeys = {
  all: ['categories'] as const,
  detail: (id: string) => [...categoryKeys.all, 'detail', id] as const,
};

export const categoryQuery = (id: string) =>
  queryOptions({
    queryKey: categoryKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get<Category>(`/api/categories/${encodeURIComponent(id)}`, { signal }),
    staleTime: 10 * 60_000,
  });

/**
 * The collection a piece belongs to (its newest, when several hold it) with its first pieces: the piece's
 * page names it and shows "More from" it. Asked by the piece's id, so one collection and a few pieces.
 */
export const productCollectionQuery = (productId: string) =>
  queryOptions({
    queryKey: [...collectionKeys.all, 'holding', productId] as const,
    queryFn: ({ signal }) =>
      apiClient.get<Page<CollectionWithProducts>>('/api/collections/with-products', {
        signal,
        query: { productId, size: 1, productsLimit: SIBLINGS_SHOWN + 1, sort: 'year,desc' },
      }),
    select: (page) => page.content[0],
    staleTime: 5 * 60_000,
  });
/** The other pieces of its collection a piece's page shows. */
export const SIBLINGS_SHOWN = 4;
