import { queryOptions } from '@tanstack/react-query';
import type { Order, OrderSummary, Page, User } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';
import { CURRENT_USER_PATH } from '../../../lib/session';

export const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
  orders: () => [...accountKeys.all, 'orders'] as const,
  orderList: (page: number) => [...accountKeys.orders(), 'list', page] as const,
  order: (id: string) => [...accountKeys.orders(), 'detail', id] as const,
};

export const meQuery = () =>
  queryOptions({
    queryKey: accountKeys.me(),
    queryFn: ({ signal }) => apiClient.get<User>(CURRENT_USER_PATH, { signal }),
  });

export const myOrdersQuery = (page = 0) =>
  queryOptions({
    queryKey: accountKeys.orderList(page),
    queryFn: ({ signal }) =>
      apiClient.get<Page<OrderSummary>>('/api/orders', { signal, query: { filter: 'current-user', page, size: 10 } }),
  });

/** The full order, with its payment schedule. */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: accountKeys.order(id),
    queryFn: ({ signal }) => apiClient.get<Order>(`/api/orders/${encodeURIComponent(id)}`, { signal }),
  });
