import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, User } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';
import { signOut } from '../../../lib/session';
import { accountKeys } from './account.queries';

/** `currentPassword` only with a new email (re-authentication, issue 14 finding 8). */
export type ProfileChanges = Pick<UpdateUserBody, 'email' | 'firstName' | 'lastName' | 'phone' | 'currentPassword'>;

export function useUpdateProfile(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => apiClient.put<User>(`/api/users/${encodeURIComponent(userId)}`, changes),
    // The chrome shows only the username, which this form cannot change: the session's copy of
    // the user is left alone, and the profile reads its own query.
    onSuccess: (user) => client.setQueryData(accountKeys.me(), user),
  });
}

/** A new password ends every session on the server, this one included: sign out locally too. */
export function useChangePassword(userId: string) {
  return useMutation({
    mutationFn: (body: { currentPassword: string; password: string }) =>
      apiClient.put<User>(`/api/users/${encodeURIComponent(userId)}`, body),
    onSuccess: () => signOut(),
  });
}

/** Mails the waiting change of address's link again (the previous link stops working). */
export function useResendEmailChange(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<User>(`/api/users/${encodeURIComponent(userId)}/email-change/resend`),
    onSuccess: (user) => client.setQueryData(accountKeys.me(), user),
  });
}

/** Withdraws the waiting change of address: the account keeps its address, the link stops working. */
export function useCancelEmailChange(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete<User>(`/api/users/${encodeURIComponent(userId)}/email-change`),
    onSuccess: (user) => client.setQueryData(accountKeys.me(), user),
  });
}
