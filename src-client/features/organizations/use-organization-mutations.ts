import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '~/lib/trpc';
/**
 * Changes to organizations, each refreshing what shows them: the lists, the organization page,
 * the organization pickers, and (for a new name) the locations that show their organization.
 */

export function useCreateOrganization() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(trpc.organization.create.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.organization.pathKey() }) }));
}

export function useUpdateOrganization() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.organization.update.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.organization.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.location.pathKey() }),
        ]),
    }),
  );
}

export function useDeleteOrganization() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(trpc.organization.delete.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.organization.pathKey() }) }));
}
