import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxEmail } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';
import { adminEmailKeys, adminEmailPaths } from './admin-emails.queries';

/** Queues a FAILED email again (409 when it is queued or sent); the table and the open email refetch. */
export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.post<OutboxEmail>(adminEmailPaths.retry(id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminEmailKeys.all }),
  });
}
