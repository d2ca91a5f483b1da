import { useMutation } from '@tanstack/react-query';
import type { AuthenticateBody, RegisterUserBody, RegistrationReceipt } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';
import { signIn } from '../../../lib/session';

export const REGISTER_PATH = '/api/users';

export function useSignIn() {
  return useMutation({ mutationFn: (credentials: AuthenticateBody) => signIn(credentials) });
}

/**
 * Public registration. The server answers the same receipt whether the email was new or already had an
 * account (issue 14, finding 6; the email says which), so this does not sign in: the form shows
 * "check your inbox" and offers to continue, which is an ordinary sign-in.
 */
export function useRegister() {
  return useMutation({ mutationFn: (body: RegisterUserBody) => apiClient.post<RegistrationReceipt>(REGISTER_PATH, body) });
}
