import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { EmailStatus, EmailType, OutboxEmail, OutboxEmailDetail, Page } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';

export interface OutboxListParams {
  status: EmailStatus | undefined;
  emailType: EmailType | undefined;
  page: number;
  size: number;
}

export const adminEmailKeys = {
  all: ['outbox'] as const,
  lists: () => [...adminEmailKeys.all, 'list'] as const,
  list: (params: OutboxListParams) => [...adminEmailKeys.lists(), params] as const,
  details: () => [...adminEmailKeys.all, 'detail'] as const,
  detail: (id: string) => [...adminEmailKeys.details(), id] as const,
};

const emailPath = (id: string) => `/api/notifications/outbox/${encodeURIComponent(id)}`;
export const adminEmailPaths = { list: '/api/notifications/outbox', one: emailPath, retry: (id: string) => `${emailPath(id)}/retry` };

/** The outbox, newest first (the API has no other order). */
export const outboxListQuery = (params: OutboxListParams) =>
  queryOptions({
    queryKey: adminEmailKeys.list(params),
    queryFn: ({ signal }) =>
      apiClient.get<Page<OutboxEmail>>(adminEmailPaths.list, {
        signal,
        query: { status: params.status, emailType: params.emailType, page: params.page, size: params.size },
      }),
    placeholderData: keepPreviousData,
  });

/** One email with its HTML (show it only in a sandboxed iframe). */
export const outboxEmailQuery = (id: string) =>
  queryOptions({
    queryKey: adminEmailKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get<OutboxEmailDetail>(adminEmailPaths.one(id), { signal }),
  });
