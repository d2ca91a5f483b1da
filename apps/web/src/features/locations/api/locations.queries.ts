import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Location, LocationFacets, Page } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';

export interface LocationFilter {
  city?: string;
  type?: string;
  service?: string;
}

export const locationKeys = {
  all: ['locations'] as const,
  lists: () => [...locationKeys.all, 'list'] as const,
  list: (filter: LocationFilter) => [...locationKeys.lists(), filter] as const,
  facets: () => [...locationKeys.all, 'facets'] as const,
  details: () => [...locationKeys.all, 'detail'] as const,
  detail: (id: string) => [...locationKeys.details(), id] as const,
};

/** Boutiques are few (a dozen or two): one page holds them all. */
export const locationsQuery = (filter: LocationFilter = {}) =>
  queryOptions({
    queryKey: locationKeys.list(filter),
    queryFn: ({ signal }) =>
      apiClient.get<Page<Location>>('/api/locations/filter', { signal, query: { ...filter, size: 100, sort: 'city,asc' } }),
    placeholderData: keepPreviousData,
  });

export const locationFacetsQuery = () =>
  queryOptions({
    queryKey: locationKeys.facets(),
    queryFn: ({ signal }) => apiClient.get<LocationFacets>('/api/locations/filters', { signal }),
    staleTime: 5 * 60_000,
  });
