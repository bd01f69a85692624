/** Changes to a location's energy rules; each refreshes the rule list and the location's alarms. */
import { trpc } from '~/lib/trpc';

function useRefresh() {
  const utils = trpc.useUtils();
  return async () => {
    await Promise.all([utils.energyRule.list.invalidate(), utils.energyRule.site.invalidate()]);
  };
}

export const useCreateRule = () => trpc.energyRule.create.useMutation({ onSuccess: useRefresh() });
export const useUpdateRule = () => trpc.energyRule.update.useMutation({ onSuccess: useRefresh() });
export const useDeleteRule = () => trpc.energyRule.delete.useMutation({ onSuccess: useRefresh() });
