import { queryOptions } from '@tanstack/react-query';
import type { Collection } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';

export const contentKeys = {
  all: ['content'] as const,
  covers: () => [...contentKeys.all, 'cover'] as const,
  cover: (collectionName: string) => [...contentKeys.covers(), collectionName] as const,
};

/** An article's cover: the cover image of the collection it names (null when there is none). */
export const coverQuery = (collectionName: string) =>
  queryOptions({
    queryKey: contentKeys.cover(collectionName),
    queryFn: async ({ signal }) => {
      const collection = await apiClient.get<Collection>(`/api/collections/name/${encodeURIComponent(collectionName)}`, { signal });
      return collection.coverImage;
    },
    staleTime: 10 * 60_000,
    retry: false,
  });
