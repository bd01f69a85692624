/**
 * Changes to a dashboard's folders, each refreshing what it changes: the folder list (nav,
 * settings, move targets) and, where the server counts differently afterwards, the counts. A
 * deleted folder's alarms went to the trash and the dashboard's default folder may have fallen
 * back to the inbox.
 */
import { refreshAlarmCounts, refreshAlarmRows } from '~/lib/alarms/cache';
import { trpc } from '~/lib/trpc';

export function useCreateFolder() {
  const utils = trpc.useUtils();
  return trpc.alarmFolder.create.useMutation({ onSuccess: () => Promise.all([utils.alarmFolder.list.invalidate(), utils.alarmFolder.counts.invalidate()]) });
}

/** A folder's count mode and whether it counts towards the overview change the counts. */
export function useUpdateFolder() {
  const utils = trpc.useUtils();
  return trpc.alarmFolder.update.useMutation({ onSuccess: () => Promise.all([utils.alarmFolder.list.invalidate(), refreshAlarmCounts(utils)]) });
}

/** The counts answer in folder order. */
export function useReorderFolders() {
  const utils = trpc.useUtils();
  return trpc.alarmFolder.reorder.useMutation({ onSuccess: () => Promise.all([utils.alarmFolder.list.invalidate(), utils.alarmFolder.counts.invalidate()]) });
}

export function useDeleteFolder() {
  const utils = trpc.useUtils();
  return trpc.alarmFolder.delete.useMutation({
    onSuccess: () =>
      Promise.all([utils.alarmFolder.list.invalidate(), utils.alarmDashboard.get.invalidate(), refreshAlarmRows(utils), refreshAlarmCounts(utils)]),
  });
}
