import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '~/lib/trpc';
/**
 * Changes to Meterbeheer HUB feeds, each refreshing the feed table, the feed pages and the channel
 * pickers; unlinking also refreshes the meters it unlinks and the dashboards built on them.
 * ('Nu synchroniseren' keeps its own, in sync-button.tsx.)
 */

export function useAddFeed() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(trpc.meterbeheer.addFeed.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.meterbeheer.pathKey() }) }));
}

export function useDetachFeed() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.meterbeheer.detachFeed.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.meterbeheer.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.meter.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() }),
        ]),
    }),
  );
}

export function useDeleteFeed() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(trpc.meterbeheer.deleteFeed.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.meterbeheer.pathKey() }) }));
}
