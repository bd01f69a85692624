import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TrpcCache, useTRPC } from '~/lib/trpc';
/**
 * Changes to meters, each refreshing what shows them: the meter lists and pages, the locations'
 * meters, whether a feed is linked, and the dashboards' modules.
 */

const invalidateMeters = ({ trpc, queryClient }: TrpcCache) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: trpc.meter.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.location.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.meterbeheer.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() }),
  ]);

export function useCreateMeter() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(trpc.meter.create.mutationOptions({ onSuccess: () => invalidateMeters({ trpc, queryClient }) }));
}

export function useUpdateMeter() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(trpc.meter.update.mutationOptions({ onSuccess: () => invalidateMeters({ trpc, queryClient }) }));
}

export function useDeleteMeter() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(trpc.meter.delete.mutationOptions({ onSuccess: () => invalidateMeters({ trpc, queryClient }) }));
}
