import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateLocationBody, Location, UpdateLocationBody } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';
import { LOCATIONS_ROOT, adminLocationKeys, adminLocationPaths } from './admin-locations.queries';

type LocationRef = Pick<Location, 'id' | 'name'>;

/** Lists, facets and the site's /locations page all read locations: after a write they refetch. */
function refreshLocations(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: LOCATIONS_ROOT });
}

/** A write that answers with the location: its detail is replaced, everything else refetches. */
function useLocationWrite<Input>(mutationFn: (input: Input) => Promise<Location>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (location) => {
      queryClient.setQueryData(adminLocationKeys.detail(location.id), location);
      void refreshLocations(queryClient);
    },
  });
}

export function useCreateLocation() {
  return useLocationWrite((body: CreateLocationBody) => apiClient.post<Location>(adminLocationPaths.list, body));
}

export function useUpdateLocation(id: string) {
  return useLocationWrite((patch: UpdateLocationBody) => apiClient.put<Location>(adminLocationPaths.one(id), patch));
}

/** Shown to visitors or hidden from them; the record stays. */
export function useSetLocationActive() {
  return useLocationWrite(({ location, isActive }: { location: LocationRef; isActive: boolean }) =>
    apiClient.post<Location>(isActive ? adminLocationPaths.activate(location.id) : adminLocationPaths.deactivate(location.id)),
  );
}

/** Soft delete: the location leaves the site and waits in the Trash. */
export function useTrashLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (location: LocationRef) => apiClient.delete<undefined>(adminLocationPaths.one(location.id)),
    onSuccess: (_data, location) => {
      void queryClient.invalidateQueries({ queryKey: adminLocationKeys.detail(location.id) });
      return refreshLocations(queryClient);
    },
  });
}

export function useRestoreLocation() {
  return useLocationWrite((location: LocationRef) => apiClient.post<Location>(adminLocationPaths.restore(location.id)));
}

export function useDeleteLocationPermanently() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (location: LocationRef) => apiClient.delete<undefined>(adminLocationPaths.permanent(location.id)),
    onSuccess: (_data, location) => {
      queryClient.removeQueries({ queryKey: adminLocationKeys.detail(location.id) });
      return refreshLocations(queryClient);
    },
  });
}
