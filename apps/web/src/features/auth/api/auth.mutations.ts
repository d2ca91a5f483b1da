import { useMutation } from '@tanstack/react-query';
import type { AuthenticateBody, RegisterUserBody, User } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';
import { signIn } from '../../../lib/session';

export const REGISTER_PATH = '/api/users';

export function useSignIn() {
  return useMutation({ mutationFn: (credentials: AuthenticateBody) => signIn(credentials) });
}

/** Public registration, then straight into the new session. */
export function useRegister() {
  return useMutation({
    mutationFn: async (body: RegisterUserBody) => {
      const user = await apiClient.post<User>(REGISTER_PATH, body);
      await signIn({ username: body.username, password: body.password });
      return user;
    },
  });
}
