import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Designer, DesignerDashboard, MySubmission, Page, ProductPage } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';

export interface DesignerDesignsParams {
  designerId: string;
  page: number;
  size: number;
  /** `price,desc` */
  sort: string | undefined;
}

export interface MySubmissionsParams {
  page: number;
  size: number;
}

/** Key factory (docs/conventions.md §10): everything of the designer's own dashboard. */
export const designerDashboardKeys = {
  all: ['designer-dashboard'] as const,
  dashboard: () => [...designerDashboardKeys.all, 'dashboard'] as const,
  profile: () => [...designerDashboardKeys.all, 'profile'] as const,
  lists: () => [...designerDashboardKeys.all, 'list'] as const,
  designs: (params: DesignerDesignsParams) => [...designerDashboardKeys.lists(), 'designs', params] as const,
  submissions: (params: MySubmissionsParams) => [...designerDashboardKeys.lists(), 'submissions', params] as const,
};

/** GET /api/designers/dashboard: the signed-in designer's profile and figures. */
export const designerDashboardQuery = () =>
  queryOptions({
    queryKey: designerDashboardKeys.dashboard(),
    queryFn: ({ signal }) => apiClient.get<DesignerDashboard>('/api/designers/dashboard', { signal }),
    staleTime: 0,
  });

/** GET /api/designers/me: the signed-in designer's own profile (what they may edit, and what Mirror sets). */
export const designerProfileQuery = () =>
  queryOptions({
    queryKey: designerDashboardKeys.profile(),
    queryFn: ({ signal }) => apiClient.get<Designer>('/api/designers/me', { signal }),
    staleTime: 0,
  });

/** GET /api/designers/{id}/designs: the pieces whose designer they are (those on the site). */
export const designerDesignsQuery = (params: DesignerDesignsParams) =>
  queryOptions({
    queryKey: designerDashboardKeys.designs(params),
    queryFn: ({ signal }) =>
      apiClient.get<ProductPage>(`/api/designers/${encodeURIComponent(params.designerId)}/designs`, {
        signal,
        query: { page: params.page, size: params.size, sort: params.sort },
      }),
    placeholderData: keepPreviousData,
  });

/** GET /api/submissions/mine: their jewelry-week entries, newest first, with the status of each. */
export const mySubmissionsQuery = (params: MySubmissionsParams) =>
  queryOptions({
    queryKey: designerDashboardKeys.submissions(params),
    queryFn: ({ signal }) =>
      apiClient.get<Page<MySubmission>>('/api/submissions/mine', { signal, query: { page: params.page, size: params.size } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
