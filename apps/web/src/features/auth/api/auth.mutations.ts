import { useMutation } from '@tanstack/react-query';
import type {
  AuthenticateBody,
  EmailConfirmation,
  RegisterUserBody,
  RegistrationReceipt,
  ResendConfirmationBody,
  ResendReceipt,
} from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';
import { signIn } from '../../../lib/session';

export const REGISTER_PATH = '/api/users';
export const CONFIRM_EMAIL_API_PATH = '/api/users/confirm-email';
export const RESEND_CONFIRMATION_PATH = '/api/users/confirm-email/resend';

export function useSignIn() {
  return useMutation({ mutationFn: (credentials: AuthenticateBody) => signIn(credentials) });
}

/**
 * Public registration. The server answers the same receipt whether the email was new or already had an
 * account (issue 14, finding 6; the email says which). A new address gets a link: the account exists once
 * it is opened, so the form shows "check your inbox" and signs nobody in.
 */
export function useRegister() {
  return useMutation({ mutationFn: (body: RegisterUserBody) => apiClient.post<RegistrationReceipt>(REGISTER_PATH, body) });
}

/** Opens an emailed link: a registration becomes an account, or a change of address takes effect. */
export function useConfirmEmail() {
  return useMutation({ mutationFn: (token: string) => apiClient.post<EmailConfirmation>(CONFIRM_EMAIL_API_PATH, { token }) });
}

/** "Send the link again", by the address typed at registration or by an expired link's token. */
export function useResendConfirmation() {
  return useMutation({ mutationFn: (body: ResendConfirmationBody) => apiClient.post<ResendReceipt>(RESEND_CONFIRMATION_PATH, body) });
}
