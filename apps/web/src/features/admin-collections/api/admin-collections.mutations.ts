import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Collection, CollectionItem, CreateCollectionBody, UpdateCollectionBody } from '@mirror/contract';
import { useRef } from 'react';
import { auditKeys } from '../../../components/record-history';
import { apiClient } from '../../../lib/api-client';
import { applyOrder, withoutPiece } from '../membership-order';
import { COLLECTIONS_ROOT, adminCollectionKeys, adminCollectionPaths } from './admin-collections.queries';

/** Lists, facets and the storefront's pages all read collections: after a write they refetch. */
function refreshCollections(queryClient: QueryClient): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: auditKeys.all });
  return queryClient.invalidateQueries({ queryKey: COLLECTIONS_ROOT });
}

/** A collection's own record changed (counts, hero): its detail and every list refetch, its pieces stay. */
function refreshAround(queryClient: QueryClient, id: string): Promise<void> {
  // The collection's History (RecordHistory) records every membership change.
  void queryClient.invalidateQueries({ queryKey: auditKeys.all });
  return queryClient.invalidateQueries({
    queryKey: COLLECTIONS_ROOT,
    predicate: (query) => {
      const key = query.queryKey;
      // The members list of this collection is written from the mutation's own response.
      return !(key[1] === 'admin' && key[2] === 'detail' && key[3] === id && key[4] === 'members');
    },
  });
}

export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCollectionBody) => apiClient.post<Collection>(adminCollectionPaths.list, body),
    onSuccess: (created) => {
      queryClient.setQueryData(adminCollectionKeys.detail(created.id), created);
      void refreshCollections(queryClient);
    },
  });
}

export function useUpdateCollection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: UpdateCollectionBody) => apiClient.put<Collection>(adminCollectionPaths.one(id), patch),
    onSuccess: (updated) => {
      queryClient.setQueryData(adminCollectionKeys.detail(id), updated);
      void refreshAround(queryClient, id);
    },
  });
}

/** Soft delete: the collection leaves the site and waits in the Trash. */
export function useTrashCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (collection: Pick<Collection, 'id' | 'name'>) => apiClient.delete<undefined>(adminCollectionPaths.one(collection.id)),
    onSuccess: () => refreshCollections(queryClient),
  });
}

export function useRestoreCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (collection: Pick<Collection, 'id' | 'name'>) => apiClient.post<Collection>(adminCollectionPaths.restore(collection.id)),
    onSuccess: (restored) => {
      queryClient.setQueryData(adminCollectionKeys.detail(restored.id), restored);
      return refreshCollections(queryClient);
    },
  });
}

/** Gone for good, its memberships with it (the pieces stay in the catalog). */
export function useDeleteCollectionPermanently() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (collection: Pick<Collection, 'id' | 'name'>) => apiClient.delete<undefined>(adminCollectionPaths.permanent(collection.id)),
    onSuccess: (_data, collection) => {
      queryClient.removeQueries({ queryKey: adminCollectionKeys.detail(collection.id) });
      return refreshCollections(queryClient);
    },
  });
}

export interface AddPieceInput {
  productId: string;
  /** Where it goes (an Undo puts a removed piece back in its place); the end when omitted. */
  sortOrder?: number;
  isHero?: boolean;
}

/**
 * Membership writes answer with the whole new list: it replaces the cached one. They run one after
 * another, in the order they were made (a mutation scope): two quick clicks — hero on B, then on A —
 * must reach the server in that order, or the server could end with B while the screen shows A.
 */
function useMembershipMutation<Input>(
  id: string,
  mutationFn: (input: Input) => Promise<CollectionItem[] | undefined>,
  optimistic?: (items: CollectionItem[], input: Input) => CollectionItem[],
) {
  const queryClient = useQueryClient();
  const key = adminCollectionKeys.members(id);
  return useMutation({
    scope: { id: `collection-members-${id}` },
    mutationFn,
    onMutate: async (input: Input) => {
      if (!optimistic) return { previous: undefined };
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<CollectionItem[]>(key);
      if (previous) queryClient.setQueryData(key, optimistic(previous, input));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (items) => {
      if (items) queryClient.setQueryData(key, items);
    },
    onSettled: () => refreshAround(queryClient, id),
  });
}

export function useAddPiece(id: string) {
  return useMembershipMutation(id, (input: AddPieceInput) =>
    apiClient.post<CollectionItem[]>(adminCollectionPaths.members(id), {
      productId: input.productId,
      sortOrder: input.sortOrder,
      isHero: input.isHero ?? false,
    }),
  );
}

export function useRemovePiece(id: string) {
  return useMembershipMutation(
    id,
    (productId: string) => apiClient.delete<undefined>(adminCollectionPaths.member(id, productId)),
    (items, productId) => withoutPiece(items, productId),
  );
}

/** One hero at a time: making a piece the hero clears the previous one; on the hero itself it clears it. */
export function useToggleHero(id: string) {
  return useMembershipMutation(
    id,
    (productId: string) => apiClient.post<CollectionItem[]>(adminCollectionPaths.hero(id, productId)),
    (items, productId) => items.map((item) => ({ ...item, isHero: item.product.id === productId ? !item.isHero : false })),
  );
}

/**
 * Saves the whole order with one call (one transaction on the API). The new order shows at once;
 * calls run one after another (a mutation scope), each carrying the full order of its moment, so
 * quick successive moves end in the last order. Only the last call's answer replaces the list.
 */
export function useReorderPieces(id: string, { onError }: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  const key = adminCollectionKeys.members(id);
  const latest = useRef(0);
  const mutation = useMutation({
    scope: { id: `collection-order-${id}` },
    mutationFn: ({ productIds }: { productIds: string[]; seq: number }) =>
      apiClient.put<CollectionItem[]>(adminCollectionPaths.order(id), { productIds }),
    onSuccess: (items, { seq }) => {
      if (seq === latest.current) queryClient.setQueryData(key, items);
    },
    onError: (error) => {
      // The list on screen is not what was saved: show the saved one again.
      onError?.(error);
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onSettled: (_data, _error, { seq }) => {
      if (seq === latest.current) void refreshAround(queryClient, id);
    },
  });
  return {
    ...mutation,
    /** Shows the order now and queues its save. */
    reorder: (productIds: string[]) => {
      void queryClient.cancelQueries({ queryKey: key });
      const current = queryClient.getQueryData<CollectionItem[]>(key);
      if (current) queryClient.setQueryData(key, applyOrder(current, productIds));
      latest.current += 1;
      mutation.mutate({ productIds, seq: latest.current });
    },
  };
}
