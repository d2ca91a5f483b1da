import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditAction, AuditActors, AuditEntityType, AuditEvent, Page } from '@mirror/contract';
import { apiClient } from '../../lib/api-client';

/**
 * The audit trail's queries. They live with the shared RecordHistory rather than in a feature because
 * every record page shows a History and features do not import each other; the Activity page uses them
 * too. Everything sits under ['audit'], so one invalidation refreshes every History and the Activity.
 */
export interface AuditListParams {
  actorId?: string | undefined;
  entityType?: AuditEntityType | undefined;
  entityId?: string | undefined;
  action?: AuditAction | undefined;
  /** Inclusive days, YYYY-MM-DD (UTC). */
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  size: number;
}

export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (params: AuditListParams) => [...auditKeys.lists(), params] as const,
  actors: () => [...auditKeys.all, 'actors'] as const,
  /** One record's History; `version` (the record's updatedAt) makes a saved change reload it. */
  record: (entityType: AuditEntityType, entityId: string, size: number, version: string | number | null) =>
    [...auditKeys.all, 'record', entityType, entityId, size, version] as const,
};

export const auditPaths = { list: '/api/audit', actors: '/api/audit/actors' };

/** GET /api/audit: newest first, filtered and paged by the API. */
export const auditListQuery = (params: AuditListParams) =>
  queryOptions({
    queryKey: auditKeys.list(params),
    queryFn: ({ signal }) => apiClient.get<Page<AuditEvent>>(auditPaths.list, { signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });

/** GET /api/audit/actors: the people who have changed something (the Activity's person filter). */
export const auditActorsQuery = () =>
  queryOptions({
    queryKey: auditKeys.actors(),
    queryFn: ({ signal }) => apiClient.get<AuditActors>(auditPaths.actors, { signal }),
    staleTime: 60_000,
  });

/** A record's events, newest first (RecordHistory). */
export const recordHistoryQuery = (entityType: AuditEntityType, entityId: string, size: number, version: string | number | null) =>
  queryOptions({
    queryKey: auditKeys.record(entityType, entityId, size, version),
    queryFn: ({ signal }) => apiClient.get<Page<AuditEvent>>(auditPaths.list, { signal, query: { entityType, entityId, page: 0, size } }),
    placeholderData: keepPreviousData,
  });
