/** Changes to a dashboard's notification rules and notifications; each refreshes what it changes. */
import { trpc } from '~/lib/trpc';

function useRefreshRules() {
  const utils = trpc.useUtils();
  return () => utils.notification.rules.invalidate();
}

export function useCreateRule() {
  return trpc.notification.createRule.useMutation({ onSuccess: useRefreshRules() });
}

export function useUpdateRule() {
  return trpc.notification.updateRule.useMutation({ onSuccess: useRefreshRules() });
}

export function useDeleteRule() {
  return trpc.notification.deleteRule.useMutation({ onSuccess: useRefreshRules() });
}

export function useTestRule() {
  return trpc.notification.testRule.useMutation();
}

export function useRetryNotification() {
  const utils = trpc.useUtils();
  return trpc.notification.retry.useMutation({ onSuccess: () => utils.notification.list.invalidate() });
}
