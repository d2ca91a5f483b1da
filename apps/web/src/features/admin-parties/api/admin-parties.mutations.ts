import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UPLOAD_DEFAULT_BUCKET, type UploadedFile } from '@mirror/contract';
import { apiClient, uploadWithProgress } from '../../../lib/api-client';
import type { Party, PartyKind } from '../party-kinds';
import { adminPartyKeys, adminPartyPaths } from './admin-parties.queries';

/** Every write refreshes the kind's lists, facets and details (its dashboard too). */
function useInvalidateParties(kind: PartyKind) {
  const client = useQueryClient();
  return (party?: Party) => {
    if (party) client.setQueryData(adminPartyKeys.detail(kind, party.id), party);
    return client.invalidateQueries({ queryKey: adminPartyKeys.all(kind) });
  };
}

export function useCreateParty(kind: PartyKind) {
  const invalidate = useInvalidateParties(kind);
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => apiClient.post<Party>(adminPartyPaths.list(kind), body),
    onSuccess: (party) => invalidate(party),
  });
}

/** PUT with only the changed fields (the API merges). */
export function useUpdateParty(kind: PartyKind) {
  const invalidate = useInvalidateParties(kind);
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: Record<string, unknown> }) =>
      apiClient.put<Party>(adminPartyPaths.one(kind, id), patch),
    onSuccess: (party) => invalidate(party),
  });
}

export function useSetPartyActive(kind: PartyKind) {
  const invalidate = useInvalidateParties(kind);
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      apiClient.patch<Party>(isActive ? adminPartyPaths.activate(kind, id) : adminPartyPaths.deactivate(kind, id)),
    onSuccess: (party) => invalidate(party),
  });
}

export function useDeleteParty(kind: PartyKind) {
  const invalidate = useInvalidateParties(kind);
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<null>(adminPartyPaths.one(kind, id)),
    onSuccess: () => invalidate(),
  });
}

/** A portrait or logo through POST /api/files/upload; the record keeps its key. */
export function useUploadPartyImage(kind: PartyKind) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('description', '');
      form.append('bucketName', UPLOAD_DEFAULT_BUCKET);
      form.append('folderPath', `public/${kind}s`);
      form.append('file', file, file.name);
      return uploadWithProgress<UploadedFile>('/api/files/upload', form);
    },
  });
}
