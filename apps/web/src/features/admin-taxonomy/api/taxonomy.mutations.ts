import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { LEVELS, type EntryByLevel, type Level } from '../taxonomy';
import { taxonomyKeys } from './taxonomy.queries';

/** What the entry form edits; `priceDelta` only for optionals. */
export interface EntryFields {
  name: string;
  description: string | null;
  priceDelta?: number;
}

function bodyOf(level: Level, fields: EntryFields, parentId?: string): Record<string, unknown> {
  const body: Record<string, unknown> = { name: fields.name, description: fields.description };
  if (level === 'optional' && fields.priceDelta !== undefined) body.priceDelta = fields.priceDelta;
  if (parentId && level === 'component') body.categoryId = parentId;
  if (parentId && level === 'optional') body.componentId = parentId;
  return body;
}

const entryPath = (level: Level, id: string) => `${LEVELS[level].base}/${encodeURIComponent(id)}`;

/**
 * Any change moves counts on the levels above (components per category, optionals per
 * component) and the summary line, so the whole taxonomy is refetched: it is a few small lists.
 */
function useInvalidateTaxonomy() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: taxonomyKeys.all });
}

export function useCreateEntry<L extends Level>(level: L) {
  const invalidate = useInvalidateTaxonomy();
  return useMutation({
    mutationFn: ({ fields, parentId }: { fields: EntryFields; parentId?: string }) =>
      apiClient.post<EntryByLevel[L]>(LEVELS[level].base, bodyOf(level, fields, parentId)),
    onSuccess: invalidate,
  });
}

export function useUpdateEntry<L extends Level>(level: L) {
  const invalidate = useInvalidateTaxonomy();
  return useMutation({
    mutationFn: ({ id, fields }: { id: string; fields: EntryFields }) =>
      apiClient.put<EntryByLevel[L]>(entryPath(level, id), bodyOf(level, fields)),
    onSuccess: invalidate,
  });
}

export function useSetEntryActive<L extends Level>(level: L) {
  const invalidate = useInvalidateTaxonomy();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      apiClient.patch<EntryByLevel[L]>(`${entryPath(level, id)}/${isActive ? 'activate' : 'deactivate'}`),
    onSuccess: invalidate,
  });
}

/** `onDeleted` runs before the refetch, so a screen can let go of the entry (its selection) first. */
export function useDeleteEntry(level: Level, onDeleted?: (id: string) => void) {
  const invalidate = useInvalidateTaxonomy();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<undefined>(entryPath(level, id)),
    onSuccess: (_, id) => {
      onDeleted?.(id);
      return invalidate();
    },
  });
}
