import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '~/lib/trpc';

/** Changes to the user's contact methods; each refreshes the list. */
function useRefreshMethods() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.contactMethod.list.queryKey() });
}

export function useCreateContactMethod() {
  const trpc = useTRPC();
  return useMutation(trpc.contactMethod.create.mutationOptions({ onSuccess: useRefreshMethods() }));
}

export function useDeleteContactMethod() {
  const trpc = useTRPC();
  return useMutation(trpc.contactMethod.delete.mutationOptions({ onSuccess: useRefreshMethods() }));
}

/** A test may remove a method its receiver no longer knows (a push subscription gone): refresh too. */
export function useTestContactMethod() {
  const trpc = useTRPC();
  return useMutation(trpc.contactMethod.test.mutationOptions({ onSettled: useRefreshMethods() }));
}
