import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TrpcCache, useTRPC } from '~/lib/trpc';
/**
 * Changes to locations, each refreshing what shows them: the location lists and pickers, the
 * organizations' locations, the dashboards, and (for a new name) the meters that name their location.
 */

const invalidateLocations = ({ trpc, queryClient }: TrpcCache) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: trpc.location.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.organization.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() }),
  ]);

export function useCreateLocation() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(trpc.location.create.mutationOptions({ onSuccess: () => invalidateLocations({ trpc, queryClient }) }));
}

export function useUpdateLocation() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.location.update.mutationOptions({
      onSuccess: () => Promise.all([invalidateLocations({ trpc, queryClient }), queryClient.invalidateQueries({ queryKey: trpc.meter.pathKey() })]),
    }),
  );
}

export function useDeleteLocation() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(trpc.location.delete.mutationOptions({ onSuccess: () => invalidateLocations({ trpc, queryClient }) }));
}
