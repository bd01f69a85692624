import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '~/lib/trpc';

/** Adds a contact method and refreshes the list of them; and the test button of a method just added. */
export function useAddContactMethod() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.contactMethod.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.contactMethod.list.pathKey() }),
    }),
  );
}

export function useTestContactMethod() {
  const trpc = useTRPC();
  return useMutation(trpc.contactMethod.test.mutationOptions());
}
