import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '~/lib/trpc';
/** Changes to a location's energy rules; each refreshes the rule list and the location's alarms. */

function useRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.energyRule.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.energyRule.site.pathKey() }),
    ]);
  };
}

export const useCreateRule = () => {
  const trpc = useTRPC();
  return useMutation(trpc.energyRule.create.mutationOptions({ onSuccess: useRefresh() }));
};
export const useUpdateRule = () => {
  const trpc = useTRPC();
  return useMutation(trpc.energyRule.update.mutationOptions({ onSuccess: useRefresh() }));
};
export const useDeleteRule = () => {
  const trpc = useTRPC();
  return useMutation(trpc.energyRule.delete.mutationOptions({ onSuccess: useRefresh() }));
};
