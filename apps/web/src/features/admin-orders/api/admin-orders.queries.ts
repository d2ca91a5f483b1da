import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OrderFacets, OrderStatus, OrderSummary, Page, PaymentState, Product, ProductPage, User } from '@mirror/contract';
import { apiClient, type QueryParams } from '../../../lib/api-client';

/** The orders table's filters as the API reads them (undefined: any). Money in minor units. */
export interface AdminOrderFilter {
  status?: OrderStatus;
  paymentState?: PaymentState;
  /** Placed on or after / on or before (dates, UTC, inclusive). */
  from?: string;
  to?: string;
  minTotal?: number;
  maxTotal?: number;
  q?: string;
}

export interface AdminOrderListParams extends AdminOrderFilter {
  /** `createdAt,desc` */
  sort?: string;
  page: number;
  size: number;
}

export function orderFilterParams(filter: AdminOrderFilter): QueryParams {
  return {
    status: filter.status,
    paymentState: filter.paymentState,
    from: filter.from,
    to: filter.to,
    minTotal: filter.minTotal,
    maxTotal: filter.maxTotal,
    q: filter.q?.trim() || undefined,
  };
}

/**
 * Key factory (docs/conventions.md §10). Everything order-shaped sits under `['orders']`, so placing an order
 * refreshes the lists, the facets and any schedule view at once.
 */
export const adminOrderKeys = {
  /** Every order-derived query of the app (other features' too): what a new order makes stale. */
  root: ['orders'] as const,
  all: ['orders', 'admin'] as const,
  lists: () => [...adminOrderKeys.all, 'list'] as const,
  list: (params: AdminOrderListParams) => [...adminOrderKeys.lists(), params] as const,
  facets: (filter: AdminOrderFilter) => [...adminOrderKeys.all, 'facets', filter] as const,
  details: () => [...adminOrderKeys.all, 'detail'] as const,
  detail: (id: string) => [...adminOrderKeys.details(), id] as const,
  customers: (q: string) => [...adminOrderKeys.all, 'customer-picker', q] as const,
  products: (q: string) => [...adminOrderKeys.all, 'product-picker', q] as const,
};

export const adminOrderPaths = {
  list: '/api/orders',
  facets: '/api/orders/facets',
  create: '/api/orders',
};

/** GET /api/orders with the table's filters, sort and page. */
export const adminOrdersListQuery = (params: AdminOrderListParams) =>
  queryOptions({
    queryKey: adminOrderKeys.list(params),
    queryFn: ({ signal }) =>
      apiClient.get<Page<OrderSummary>>(adminOrderPaths.list, {
        signal,
        query: { ...orderFilterParams(params), sort: params.sort, page: params.page, size: params.size },
      }),
    placeholderData: keepPreviousData,
  });

/** Counts for the status tabs and the payment-state filter (each ignores its own filter). */
export const adminOrderFacetsQuery = (filter: AdminOrderFilter) =>
  queryOptions({
    queryKey: adminOrderKeys.facets(filter),
    queryFn: ({ signal }) => apiClient.get<OrderFacets>(adminOrderPaths.facets, { signal, query: orderFilterParams(filter) }),
    placeholderData: keepPreviousData,
  });

/** Clients (CUSTOMER accounts) by username, email or name, for the new order's customer picker. */
export const customerPickerQuery = (q: string) =>
  queryOptions({
    queryKey: adminOrderKeys.customers(q),
    queryFn: ({ signal }) =>
      apiClient.get<Page<User>>('/api/users', {
        signal,
        query: { role: 'CUSTOMER', status: 'ACTIVE', q: q.trim() || undefined, size: 8, sort: 'username,asc' },
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** Pieces by name or SKU (the catalog search; ADMIN sees drafts too), with their stock, for the product picker. */
export const productPickerQuery = (q: string) =>
  queryOptions({
    queryKey: adminOrderKeys.products(q),
    queryFn: ({ signal }) =>
      q.trim()
        ? apiClient.get<ProductPage>('/api/products/search', { signal, query: { q: q.trim(), size: 8 } })
        : apiClient.get<ProductPage>('/api/products', { signal, query: { size: 8, sort: 'updatedAt,desc' } }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    select: (page): Product[] => page.content,
  });
