import { useMutation } from '@tanstack/react-query';
import type { EmailModels, QueuedEmail } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';
import { env } from '../../../config/env';

export const EMAIL_PATH = '/api/notifications/email';

export function useSendContactMessage() {
  return useMutation({
    mutationFn: ({ model, captchaToken }: { model: EmailModels['CONTACT_MESSAGE']; captchaToken?: string }) =>
      apiClient.email<QueuedEmail>(EMAIL_PATH, { emailType: 'CONTACT_MESSAGE', recipients: [env.brandInbox], model, captchaToken }),
  });
}

export function useRequestAppointment() {
  return useMutation({
    mutationFn: ({ model, captchaToken }: { model: EmailModels['APPOINTMENT_REQUEST']; captchaToken?: string }) =>
      apiClient.email<QueuedEmail>(EMAIL_PATH, { emailType: 'APPOINTMENT_REQUEST', recipients: [env.brandInbox], model, captchaToken }),
  });
}
