import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCreateUserBody, Role, User, UserStatus } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';
import { adminUserPaths } from './admin-users.queries';

/** Every write refreshes every `users` query: the lists here and any user detail. */
function useInvalidateUsers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['users'] });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: AdminCreateUserBody) => apiClient.post<User>(adminUserPaths.create, body),
    onSuccess: invalidate,
  });
}

export function useSetUserRole() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => apiClient.patch<User>(adminUserPaths.role(id), { role }),
    onSuccess: invalidate,
  });
}

export function useSetUserStatus() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: UserStatus }) => apiClient.patch<User>(adminUserPaths.status(id), { status }),
    onSuccess: invalidate,
  });
}
