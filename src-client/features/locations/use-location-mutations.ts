/**
 * Changes to locations, each refreshing what shows them: the location lists and pickers, the
 * organizations' locations, the dashboards, and (for a new name) the meters that name their location.
 */
import { trpc } from '~/lib/trpc';

type Utils = ReturnType<typeof trpc.useUtils>;

const invalidateLocations = (utils: Utils) => Promise.all([utils.location.invalidate(), utils.organization.invalidate(), utils.dashboard.invalidate()]);

export function useCreateLocation() {
  const utils = trpc.useUtils();
  return trpc.location.create.useMutation({ onSuccess: () => invalidateLocations(utils) });
}

export function useUpdateLocation() {
  const utils = trpc.useUtils();
  return trpc.location.update.useMutation({ onSuccess: () => Promise.all([invalidateLocations(utils), utils.meter.invalidate()]) });
}

export function useDeleteLocation() {
  const utils = trpc.useUtils();
  return trpc.location.delete.useMutation({ onSuccess: () => invalidateLocations(utils) });
}
