import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '~/lib/trpc';
/** Changes to a dashboard's notification rules and notifications; each refreshes what it changes. */

function useRefreshRules() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.notification.rules.pathKey() });
}

export function useCreateRule() {
  const trpc = useTRPC();
  return useMutation(trpc.notification.createRule.mutationOptions({ onSuccess: useRefreshRules() }));
}

export function useUpdateRule() {
  const trpc = useTRPC();
  return useMutation(trpc.notification.updateRule.mutationOptions({ onSuccess: useRefreshRules() }));
}

export function useDeleteRule() {
  const trpc = useTRPC();
  return useMutation(trpc.notification.deleteRule.mutationOptions({ onSuccess: useRefreshRules() }));
}

export function useTestRule() {
  const trpc = useTRPC();
  return useMutation(trpc.notification.testRule.mutationOptions());
}

export function useRetryNotification() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.notification.retry.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.notification.list.pathKey() }) }),
  );
}
