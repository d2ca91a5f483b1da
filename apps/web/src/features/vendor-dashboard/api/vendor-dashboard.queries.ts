import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ProductPage, VendorDashboard } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';

export interface VendorPiecesParams {
  vendorId: string;
  page: number;
  size: number;
  /** `price,desc` */
  sort: string | undefined;
}

/** Key factory (CONVENTIONS §10): everything of the vendor's own dashboard. */
export const vendorDashboardKeys = {
  all: ['vendor-dashboard'] as const,
  dashboard: () => [...vendorDashboardKeys.all, 'dashboard'] as const,
  lists: () => [...vendorDashboardKeys.all, 'pieces'] as const,
  list: (params: VendorPiecesParams) => [...vendorDashboardKeys.lists(), params] as const,
};

/** GET /api/vendors/dashboard: the signed-in vendor's profile and figures. */
export const vendorDashboardQuery = () =>
  queryOptions({
    queryKey: vendorDashboardKeys.dashboard(),
    queryFn: ({ signal }) => apiClient.get<VendorDashboard>('/api/vendors/dashboard', { signal }),
    staleTime: 0,
  });

/** The vendor's pieces, every status (the API shows a VENDOR its own drafts and archived pieces). */
export const vendorPiecesQuery = (params: VendorPiecesParams) =>
  queryOptions({
    queryKey: vendorDashboardKeys.list(params),
    queryFn: ({ signal }) =>
      apiClient.get<ProductPage>('/api/products', { signal, query: { vendorId: params.vendorId, page: params.page, size: params.size, sort: params.sort } }),
    placeholderData: keepPreviousData,
  });
