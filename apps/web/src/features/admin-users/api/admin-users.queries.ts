import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page, Role, User, UserStatus } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';

export interface UserListParams {
  q: string;
  role: Role | undefined;
  status: UserStatus | undefined;
  /** The API's `username,asc`; undefined keeps the API's default (newest first). */
  sort: string | undefined;
  page: number;
  size: number;
}

export const adminUserKeys = {
  all: ['users', 'admin'] as const,
  lists: () => [...adminUserKeys.all, 'list'] as const,
  list: (params: UserListParams) => [...adminUserKeys.lists(), params] as const,
  details: () => [...adminUserKeys.all, 'detail'] as const,
  detail: (id: string) => [...adminUserKeys.details(), id] as const,
};

const userPath = (id: string) => `/api/users/${encodeURIComponent(id)}`;
export const adminUserPaths = {
  list: '/api/users',
  create: '/api/users/admin/create',
  one: userPath,
  role: (id: string) => `${userPath(id)}/role`,
  status: (id: string) => `${userPath(id)}/status`,
};

/** GET /api/users with its role, status and text filters (combined by the API). */
export const usersListQuery = (params: UserListParams) =>
  queryOptions({
    queryKey: adminUserKeys.list(params),
    queryFn: ({ signal }) =>
      apiClient.get<Page<User>>(adminUserPaths.list, {
        signal,
        query: {
          q: params.q.trim() || undefined,
          role: params.role,
          status: params.status,
          sort: params.sort,
          page: params.page,
          size: params.size,
        },
      }),
    placeholderData: keepPreviousData,
  });
