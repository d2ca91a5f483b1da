import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OrderStatus, VendorDashboard, VendorOrderLinePage } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';

export interface VendorOrderLinesParams {
  page: number;
  size: number;
  /** `orderedAt,desc` */
  sort: string | undefined;
  status: OrderStatus | undefined;
  q: string | undefined;
}

/** Key factory (docs/conventions.md §10): everything of the vendor's own dashboard. */
export const vendorDashboardKeys = {
  all: ['vendor-dashboard'] as const,
  dashboard: () => [...vendorDashboardKeys.all, 'dashboard'] as const,
  lists: () => [...vendorDashboardKeys.all, 'list'] as const,
  orderLines: (params: VendorOrderLinesParams) => [...vendorDashboardKeys.lists(), 'order-lines', params] as const,
};

/** GET /api/vendors/dashboard: the signed-in vendor's profile and figures. */
export const vendorDashboardQuery = () =>
  queryOptions({
    queryKey: vendorDashboardKeys.dashboard(),
    queryFn: ({ signal }) => apiClient.get<VendorDashboard>('/api/vendors/dashboard', { signal }),
    staleTime: 0,
  });

/** GET /api/orders/vendor-lines: the vendor's own order lines (never who ordered). */
export const vendorOrderLinesQuery = (params: VendorOrderLinesParams) =>
  queryOptions({
    queryKey: vendorDashboardKeys.orderLines(params),
    queryFn: ({ signal }) =>
      apiClient.get<VendorOrderLinePage>('/api/orders/vendor-lines', {
        signal,
        query: { page: params.page, size: params.size, sort: params.sort, status: params.status, q: params.q },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
