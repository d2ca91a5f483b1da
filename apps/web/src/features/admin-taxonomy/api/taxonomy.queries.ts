import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Page } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';
import { existsPath, LEVELS, listPath, type EntryByLevel, type Level } from '../taxonomy';

/** The API's largest page: a taxonomy is short, so a column usually needs one request. */
export const TAXONOMY_PAGE_SIZE = 100;

/** Key factory (docs/conventions.md §10). Everything of this feature sits under `taxonomyKeys.all`. */
export const taxonomyKeys = {
  all: ['admin', 'taxonomy'] as const,
  lists: () => [...taxonomyKeys.all, 'list'] as const,
  list: (level: Level, parentId: string | undefined) => [...taxonomyKeys.lists(), level, parentId ?? null] as const,
  details: () => [...taxonomyKeys.all, 'detail'] as const,
  detail: (level: Level, id: string) => [...taxonomyKeys.details(), level, id] as const,
  counts: () => [...taxonomyKeys.all, 'counts'] as const,
  exists: (level: Level, name: string, parentId: string | undefined) =>
    [...taxonomyKeys.all, 'exists', level, parentId ?? null, name.toLowerCase()] as const,
};

/** A level's entries, inactive ones included (the back-office shows them as such), by name. */
export const taxonomyListQuery = <L extends Level>(level: L, parentId: string | undefined) =>
  infiniteQueryOptions({
    queryKey: taxonomyKeys.list(level, parentId),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get<Page<EntryByLevel[L]>>(listPath(level, parentId), {
        signal,
        query: { page: pageParam, size: TAXONOMY_PAGE_SIZE, sort: 'name,asc', includeInactive: true },
      }),
    initialPageParam: 0,
    getNextPageParam: (last: Page<EntryByLevel[L]>) => (last.page + 1 < last.totalPages ? last.page + 1 : undefined),
    enabled: level === 'category' || Boolean(parentId),
  });

export const taxonomyDetailQuery = <L extends Level>(level: L, id: string) =>
  queryOptions({
    queryKey: taxonomyKeys.detail(level, id),
    queryFn: ({ signal }) => apiClient.get<EntryByLevel[L]>(`${LEVELS[level].base}/${encodeURIComponent(id)}`, { signal }),
  });

export interface TaxonomyCounts {
  categories: number;
  components: number;
  optionals: number;
}

/** The page's summary line; an admin's counts include inactive entries. */
export const taxonomyCountsQuery = () =>
  queryOptions({
    queryKey: taxonomyKeys.counts(),
    queryFn: async ({ signal }): Promise<TaxonomyCounts> => {
      const [categories, components, optionals] = await Promise.all(
        (['category', 'component', 'optional'] as const).map((level) =>
          apiClient.get<{ count: number }>(`${LEVELS[level].base}/count`, { signal }),
        ),
      );
      return { categories: categories!.count, components: components!.count, optionals: optionals!.count };
    },
  });

/** The live name check while typing (case-insensitive on the server). */
export const taxonomyExistsQuery = (level: Level, name: string, parentId: string | undefined) =>
  queryOptions({
    queryKey: taxonomyKeys.exists(level, name, parentId),
    queryFn: ({ signal }) => apiClient.get<{ exists: boolean }>(existsPath(level, name, parentId), { signal }),
    staleTime: 10_000,
  });
