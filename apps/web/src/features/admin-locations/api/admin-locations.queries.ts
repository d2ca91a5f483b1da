import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Location, LocationFacets, LocationType, Page } from '@mirror/contract';
import { apiClient, type QueryParams } from '../../../lib/api-client';

/** The table's filters; undefined means 'any'. */
export interface LocationFilter {
  city?: string | undefined;
  type?: LocationType | undefined;
  active?: boolean | undefined;
}

export interface LocationListParams extends LocationFilter {
  q: string;
  /** The API's `name,asc`; undefined keeps the API's default. */
  sort: string | undefined;
  page: number;
  size: number;
  /** The Trash: soft-deleted locations only. */
  isTrash?: boolean;
}

/**
 * The storefront's /locations queries (features/locations) live under the same `locations` root,
 * so one invalidation after a back-office write refreshes the site's page as well.
 */
export const LOCATIONS_ROOT = ['locations'] as const;

export const adminLocationKeys = {
  all: [...LOCATIONS_ROOT, 'admin'] as const,
  lists: () => [...adminLocationKeys.all, 'list'] as const,
  list: (params: LocationListParams) => [...adminLocationKeys.lists(), params] as const,
  facets: (filter: LocationFilter & { isTrash?: boolean }) => [...adminLocationKeys.all, 'facets', filter] as const,
  details: () => [...adminLocationKeys.all, 'detail'] as const,
  detail: (id: string) => [...adminLocationKeys.details(), id] as const,
};

const locationPath = (id: string) => `/api/locations/${encodeURIComponent(id)}`;
export const adminLocationPaths = {
  list: '/api/locations',
  filter: '/api/locations/filter',
  facets: '/api/locations/filters',
  one: locationPath,
  restore: (id: string) => `${locationPath(id)}/restore`,
  permanent: (id: string) => `${locationPath(id)}/permanent`,
  activate: (id: string) => `${locationPath(id)}/activate`,
  deactivate: (id: string) => `${locationPath(id)}/deactivate`,
};

function filterQuery(filter: LocationFilter & { isTrash?: boolean | undefined }): QueryParams {
  return { city: filter.city, type: filter.type, active: filter.active, deleted: filter.isTrash ? 'only' : undefined };
}

/** One endpoint for the table: filters, search text and the Trash combine. */
export const locationsListQuery = (params: LocationListParams) =>
  queryOptions({
    queryKey: adminLocationKeys.list(params),
    queryFn: ({ signal }) =>
      apiClient.get<Page<Location>>(adminLocationPaths.filter, {
        signal,
        query: { ...filterQuery(params), q: params.q.trim() || undefined, sort: params.sort, page: params.page, size: params.size },
      }),
    placeholderData: keepPreviousData,
  });

/** Facet counts under the given filter (each facet ignores its own dimension on the API). */
export const locationFacetsQuery = (filter: LocationFilter & { isTrash?: boolean }) =>
  queryOptions({
    queryKey: adminLocationKeys.facets(filter),
    queryFn: ({ signal }) => apiClient.get<LocationFacets>(adminLocationPaths.facets, { signal, query: filterQuery(filter) }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** A location, also when inactive or in the Trash (the admin sees it; the page then offers Restore). */
export const locationDetailQuery = (id: string) =>
  queryOptions({
    queryKey: adminLocationKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get<Location>(adminLocationPaths.one(id), { signal }),
  });
