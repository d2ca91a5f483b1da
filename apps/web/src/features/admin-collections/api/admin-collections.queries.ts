import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Collection, CollectionItem, CollectionSeason, Page, ProductSearchPage } from '@mirror/contract';
import type { CollectionFacetsSchema } from '@mirror/contract';
import type { z } from 'zod';
import { apiClient, type QueryParams } from '../../../lib/api-client';

export type CollectionFacets = z.infer<typeof CollectionFacetsSchema>;

/** The table's filters; undefined means 'any'. */
export interface CollectionFilter {
  year?: number | undefined;
  season?: CollectionSeason | undefined;
  featured?: boolean | undefined;
}

export interface CollectionListParams extends CollectionFilter {
  q: string;
  /** The API's `name,asc`; undefined keeps the API's default (newest year first). */
  sort: string | undefined;
  page: number;
  size: number;
  /** The Trash: soft-deleted collections only. */
  isTrash?: boolean;
}

/**
 * The storefront's collection queries (features/catalog) live under the same `collections` root,
 * so one invalidation after a back-office write refreshes the site's pages as well.
 */
export const COLLECTIONS_ROOT = ['collections'] as const;

export const adminCollectionKeys = {
  all: [...COLLECTIONS_ROOT, 'admin'] as const,
  lists: () => [...adminCollectionKeys.all, 'list'] as const,
  list: (params: CollectionListParams) => [...adminCollectionKeys.lists(), params] as const,
  facets: (filter: CollectionFilter) => [...adminCollectionKeys.all, 'facets', filter] as const,
  details: () => [...adminCollectionKeys.all, 'detail'] as const,
  detail: (id: string) => [...adminCollectionKeys.details(), id] as const,
  members: (id: string) => [...adminCollectionKeys.detail(id), 'members'] as const,
  pieceSearch: (q: string) => [...adminCollectionKeys.all, 'piece-search', q] as const,
};

const collectionPath = (id: string) => `/api/collections/${encodeURIComponent(id)}`;
export const adminCollectionPaths = {
  list: '/api/collections',
  search: '/api/collections/search',
  facets: '/api/collections/filters',
  one: collectionPath,
  restore: (id: string) => `${collectionPath(id)}/restore`,
  permanent: (id: string) => `${collectionPath(id)}/permanent`,
  members: (id: string) => `${collectionPath(id)}/products`,
  membersList: (id: string) => `${collectionPath(id)}/products-list`,
  member: (id: string, productId: string) => `${collectionPath(id)}/products/${encodeURIComponent(productId)}`,
  order: (id: string) => `${collectionPath(id)}/products/order`,
  hero: (id: string, productId: string) => `${collectionPath(id)}/products/${encodeURIComponent(productId)}/toggle-hero`,
};

function filterQuery(filter: CollectionFilter): QueryParams {
  return { year: filter.year, season: filter.season, featured: filter.featured };
}

export const collectionsListQuery = (params: CollectionListParams) =>
  queryOptions({
    queryKey: adminCollectionKeys.list(params),
    queryFn: ({ signal }) => {
      const query: QueryParams = {
        ...filterQuery(params),
        sort: params.sort,
        page: params.page,
        size: params.size,
        deleted: params.isTrash ? 'only' : undefined,
      };
      const q = params.q.trim();
      return q
        ? apiClient.get<Page<Collection>>(adminCollectionPaths.search, { signal, query: { ...query, q } })
        : apiClient.get<Page<Collection>>(adminCollectionPaths.list, { signal, query });
    },
    placeholderData: keepPreviousData,
  });

/** Facet counts under the given filter (the caller leaves out the facet's own dimension). */
export const collectionFacetsQuery = (filter: CollectionFilter) =>
  queryOptions({
    queryKey: adminCollectionKeys.facets(filter),
    queryFn: ({ signal }) => apiClient.get<CollectionFacets>(adminCollectionPaths.facets, { signal, query: filterQuery(filter) }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** A collection, also when it is in the Trash (the page then offers Restore). */
export const collectionDetailQuery = (id: string) =>
  queryOptions({
    queryKey: adminCollectionKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get<Collection>(adminCollectionPaths.one(id), { signal, query: { includeDeleted: true } }),
  });

/** Every piece of the collection in its order (the admin sees drafts and archived pieces too). */
export const collectionMembersQuery = (id: string) =>
  queryOptions({
    queryKey: adminCollectionKeys.members(id),
    queryFn: ({ signal }) => apiClient.get<CollectionItem[]>(adminCollectionPaths.membersList(id), { signal }),
  });

export const PIECE_SEARCH_SIZE = 8;

/** The product picker: the catalog search (names, SKUs, stones; typo-tolerant), every status for an admin. */
export const pieceSearchQuery = (q: string) =>
  queryOptions({
    queryKey: adminCollectionKeys.pieceSearch(q),
    queryFn: ({ signal }) => apiClient.get<ProductSearchPage>('/api/products/search', { signal, query: { q, size: PIECE_SEARCH_SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
