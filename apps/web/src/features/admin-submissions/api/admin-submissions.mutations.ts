import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmissionDetail, UpdateSubmissionBody } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';
import { adminSubmissionKeys, adminSubmissionPaths } from './admin-submissions.queries';

/** Moves an entry to its next status (a decision also queues the designer's email: the outbox refetches). */
export function useUpdateSubmissionStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSubmissionBody) => apiClient.patch<SubmissionDetail>(adminSubmissionPaths.one(id), body),
    onSuccess: (updated) => {
      queryClient.setQueryData(adminSubmissionKeys.detail(id), updated);
      void queryClient.invalidateQueries({ queryKey: adminSubmissionKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['outbox'] });
    },
  });
}
