import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '~/lib/trpc';
/** Changes to a dashboard's escalation policies; each refreshes the list. */

function useRefreshPolicies() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.escalationPolicy.list.pathKey() });
}

export function useCreatePolicy() {
  const trpc = useTRPC();
  return useMutation(trpc.escalationPolicy.create.mutationOptions({ onSuccess: useRefreshPolicies() }));
}

export function useDeletePolicy() {
  const trpc = useTRPC();
  return useMutation(trpc.escalationPolicy.delete.mutationOptions({ onSuccess: useRefreshPolicies() }));
}

export function useUpdatePolicy() {
  const trpc = useTRPC();
  return useMutation(trpc.escalationPolicy.update.mutationOptions({ onSuccess: useRefreshPolicies() }));
}
