import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page, Submission, SubmissionDetail, SubmissionFacets, SubmissionStatus } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';

export interface SubmissionListParams {
  q: string;
  status: SubmissionStatus | undefined;
  sort: string | undefined;
  page: number;
  size: number;
}

export const adminSubmissionKeys = {
  all: ['submissions', 'admin'] as const,
  lists: () => [...adminSubmissionKeys.all, 'list'] as const,
  list: (params: SubmissionListParams) => [...adminSubmissionKeys.lists(), params] as const,
  facets: (q: string) => [...adminSubmissionKeys.all, 'facets', q] as const,
  details: () => [...adminSubmissionKeys.all, 'detail'] as const,
  detail: (id: string) => [...adminSubmissionKeys.details(), id] as const,
};

const submissionPath = (id: string) => `/api/submissions/${encodeURIComponent(id)}`;
export const adminSubmissionPaths = { list: '/api/submissions', facets: '/api/submissions/facets', one: submissionPath };

export const submissionsListQuery = (params: SubmissionListParams) =>
  queryOptions({
    queryKey: adminSubmissionKeys.list(params),
    queryFn: ({ signal }) =>
      apiClient.get<Page<Submission>>(adminSubmissionPaths.list, {
        signal,
        query: { q: params.q.trim() || undefined, status: params.status, sort: params.sort, page: params.page, size: params.size },
      }),
    placeholderData: keepPreviousData,
  });

/** Counts per status for the tabs, following the search. */
export const submissionFacetsQuery = (q: string) =>
  queryOptions({
    queryKey: adminSubmissionKeys.facets(q.trim()),
    queryFn: ({ signal }) => apiClient.get<SubmissionFacets>(adminSubmissionPaths.facets, { signal, query: { q: q.trim() || undefined } }),
    placeholderData: keepPreviousData,
  });

export const submissionDetailQuery = (id: string) =>
  queryOptions({
    queryKey: adminSubmissionKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get<SubmissionDetail>(adminSubmissionPaths.one(id), { signal }),
  });
