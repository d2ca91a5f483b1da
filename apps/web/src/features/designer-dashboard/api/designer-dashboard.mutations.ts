import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Designer, UpdateDesignerBody } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';
import { designerDashboardKeys } from './designer-dashboard.queries';

/** PUT /api/designers/me: the designer's own profile fields (the server refuses code, flags and owner). */
export function useUpdateDesignerProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDesignerBody) => apiClient.put<Designer>('/api/designers/me', body),
    onSuccess: (saved) => {
      client.setQueryData(designerDashboardKeys.profile(), saved);
      return client.invalidateQueries({ queryKey: designerDashboardKeys.dashboard() });
    },
  });
}
