/**
 * Changes to organizations, each refreshing what shows them: the lists, the organization page,
 * the organization pickers, and (for a new name) the locations that show their organization.
 */
import { trpc } from '~/lib/trpc';

export function useCreateOrganization() {
  const utils = trpc.useUtils();
  return trpc.organization.create.useMutation({ onSuccess: () => utils.organization.invalidate() });
}

export function useUpdateOrganization() {
  const utils = trpc.useUtils();
  return trpc.organization.update.useMutation({ onSuccess: () => Promise.all([utils.organization.invalidate(), utils.location.invalidate()]) });
}

export function useDeleteOrganization() {
  const utils = trpc.useUtils();
  return trpc.organization.delete.useMutation({ onSuccess: () => utils.organization.invalidate() });
}
