import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page, ScheduleEntry, ScheduleSummary } from '@mirror/contract';
import { apiClient, requestResponse, type QueryParams } from '../../../lib/api-client';

/** The Payments screen's filters as the API reads them (undefined: any). */
export interface ScheduleFilter {
  state?: 'due' | 'paid' | 'overdue';
  dueFrom?: string;
  dueTo?: string;
  q?: string;
}

export interface ScheduleListParams extends ScheduleFilter {
  page: number;
  size: number;
}

export function scheduleFilterParams(filter: ScheduleFilter): QueryParams {
  return { state: filter.state, dueFrom: filter.dueFrom, dueTo: filter.dueTo, q: filter.q?.trim() || undefined };
}

/** Key factory (docs/conventions.md §10), under `['orders']`: a new order or a payment makes these stale too. */
export const paymentKeys = {
  all: ['orders', 'payment-schedule'] as const,
  lists: () => [...paymentKeys.all, 'list'] as const,
  list: (params: ScheduleListParams) => [...paymentKeys.lists(), params] as const,
  summaries: () => [...paymentKeys.all, 'summary'] as const,
  summary: (filter: ScheduleFilter) => [...paymentKeys.summaries(), filter] as const,
};

export const paymentPaths = {
  list: '/api/orders/payment-schedule',
  summary: '/api/orders/payment-schedule/summary',
  export: '/api/orders/payment-schedule/export.csv',
};

/** Schedule items across live orders, by due date. */
export const scheduleListQuery = (params: ScheduleListParams) =>
  queryOptions({
    queryKey: paymentKeys.list(params),
    queryFn: ({ signal }) =>
      apiClient.get<Page<ScheduleEntry>>(paymentPaths.list, {
        signal,
        query: { ...scheduleFilterParams(params), page: params.page, size: params.size },
      }),
    placeholderData: keepPreviousData,
  });

/** Totals per due month and currency under the same filters. */
export const scheduleSummaryQuery = (filter: ScheduleFilter) =>
  queryOptions({
    queryKey: paymentKeys.summary(filter),
    queryFn: ({ signal }) => apiClient.get<ScheduleSummary>(paymentPaths.summary, { signal, query: scheduleFilterParams(filter) }),
    placeholderData: keepPreviousData,
  });

/** `attachment; filename="….csv"` → the name; the fallback otherwise. */
export function fileNameOf(disposition: string | null, fallback = 'mirror-payment-schedule.csv'): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1]?.trim() || fallback;
}

/** The CSV of every item the filters select (the API streams it); rows = X-Total-Count when sent. */
export async function downloadScheduleCsv(
  filter: ScheduleFilter,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string; rows: number | null }> {
  const response = await requestResponse(paymentPaths.export, {
    query: scheduleFilterParams(filter),
    headers: { Accept: 'text/csv' },
    signal,
    timeoutMs: 60_000,
  });
  const total = response.headers.get('x-total-count');
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('content-disposition')),
    rows: total !== null && /^\d+$/.test(total) ? Number(total) : null,
  };
}

/** Hands a Blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
