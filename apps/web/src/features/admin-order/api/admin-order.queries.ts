import { queryOptions } from '@tanstack/react-query';
import type { Order } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';

/**
 * Every order-shaped query of the app sits under `['orders']` (the orders table and its tabs, the
 * payments across orders): a write on one order invalidates that root, so those views refresh too.
 * The detail key is the orders table's (`['orders', 'admin', 'detail', id]`), so they share the cache.
 */
export const ORDERS_ROOT = ['orders'] as const;

export const adminOrderKeys = {
  all: [...ORDERS_ROOT, 'admin'] as const,
  details: () => [...adminOrderKeys.all, 'detail'] as const,
  detail: (id: string) => [...adminOrderKeys.details(), id] as const,
};

const orderPath = (id: string) => `/api/orders/${encodeURIComponent(id)}`;
export const adminOrderPaths = {
  one: orderPath,
  status: (id: string) => `${orderPath(id)}/status`,
  terms: (id: string) => `${orderPath(id)}/payment-terms`,
  payments: (id: string, scheduleId: string) => `${orderPath(id)}/payment-schedule/${encodeURIComponent(scheduleId)}/payments`,
};

/** One order with its lines, schedule, payments, history and the status moves the server allows. */
export const orderDetailQuery = (id: string) =>
  queryOptions({
    queryKey: adminOrderKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get<Order>(adminOrderPaths.one(id), { signal }),
  });
