import { queryOptions } from '@tanstack/react-query';
import type {
  EmailStatistics,
  OrderStatistics,
  OutboxEmail,
  Page,
  ProductPage,
  ProductStatistics,
  ScheduleItem,
  UserStatistics,
} from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';

/** How many rows each "Needs attention" list shows; the rest are one link away. */
export const ATTENTION_SIZE = 5;

export const overviewKeys = {
  all: ['admin-overview'] as const,
  statistics: () => [...overviewKeys.all, 'statistics'] as const,
  statistic: (resource: 'products' | 'orders' | 'users' | 'emails') => [...overviewKeys.statistics(), resource] as const,
  attention: () => [...overviewKeys.all, 'attention'] as const,
  attentionList: (list: 'low-stock' | 'overdue' | 'failed-emails') => [...overviewKeys.attention(), list] as const,
};

// The overview is where staff come back to after changing things in other screens, which cannot
// invalidate these keys (features do not import each other): every visit refetches, showing the last
// figures meanwhile.
const fresh = { staleTime: 0 } as const;

export const productStatisticsQuery = () =>
  queryOptions({
    ...fresh,
    queryKey: overviewKeys.statistic('products'),
    queryFn: ({ signal }) => apiClient.get<ProductStatistics>('/api/products/statistics', { signal }),
  });

export const orderStatisticsQuery = () =>
  queryOptions({
    ...fresh,
    queryKey: overviewKeys.statistic('orders'),
    queryFn: ({ signal }) => apiClient.get<OrderStatistics>('/api/orders/statistics', { signal }),
  });

export const userStatisticsQuery = () =>
  queryOptions({
    ...fresh,
    queryKey: overviewKeys.statistic('users'),
    queryFn: ({ signal }) => apiClient.get<UserStatistics>('/api/users/statistics', { signal }),
  });

export const emailStatisticsQuery = () =>
  queryOptions({
    ...fresh,
    queryKey: overviewKeys.statistic('emails'),
    queryFn: ({ signal }) => apiClient.get<EmailStatistics>('/api/notifications/statistics', { signal }),
  });

/** Pieces at or below the low-stock threshold (and above zero), the scarcest first. */
export const lowStockQuery = () =>
  queryOptions({
    ...fresh,
    queryKey: overviewKeys.attentionList('low-stock'),
    queryFn: ({ signal }) =>
      apiClient.get<ProductPage>('/api/products/low-stock', { query: { size: ATTENTION_SIZE, sort: 'stock,asc' }, signal }),
  });

/** Unpaid instalments past their due date, the oldest first (the route's order). */
export const overdueInstalmentsQuery = () =>
  queryOptions({
    ...fresh,
    queryKey: overviewKeys.attentionList('overdue'),
    queryFn: ({ signal }) =>
      apiClient.get<Page<ScheduleItem>>('/api/orders/payment-schedule', { query: { overdue: true, size: ATTENTION_SIZE }, signal }),
  });

/** Emails the outbox gave up on, newest first. */
export const failedEmailsQuery = () =>
  queryOptions({
    ...fresh,
    queryKey: overviewKeys.attentionList('failed-emails'),
    queryFn: ({ signal }) =>
      apiClient.get<Page<OutboxEmail>>('/api/notifications/outbox', { query: { status: 'FAILED', size: ATTENTION_SIZE }, signal }),
  });
