/**
 * Changes to meters, each refreshing what shows them: the meter lists and pages, the locations'
 * meters, whether a feed is linked, and the dashboards' modules.
 */
import { trpc } from '~/lib/trpc';

type Utils = ReturnType<typeof trpc.useUtils>;

const invalidateMeters = (utils: Utils) =>
  Promise.all([utils.meter.invalidate(), utils.location.invalidate(), utils.meterbeheer.invalidate(), utils.dashboard.invalidate()]);

export function useCreateMeter() {
  const utils = trpc.useUtils();
  return trpc.meter.create.useMutation({ onSuccess: () => invalidateMeters(utils) });
}

export function useUpdateMeter() {
  const utils = trpc.useUtils();
  return trpc.meter.update.useMutation({ onSuccess: () => invalidateMeters(utils) });
}

export function useDeleteMeter() {
  const utils = trpc.useUtils();
  return trpc.meter.delete.useMutation({ onSuccess: () => invalidateMeters(utils) });
}
