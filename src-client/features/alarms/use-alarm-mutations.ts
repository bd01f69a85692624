/**
 * Changes to alarms. A change can touch lists, counts, the detail and the chart alike, so each
 * refreshes the alarm queries on screen and the folder counts (what is not on screen is only
 * marked stale). Other consoles learn of it through the live stream.
 */
import { trpc } from '~/lib/trpc';

export function useInvalidateAlarmWork() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.alarm.invalidate(), utils.alarmFolder.counts.invalidate()]);
}

const useAlarmMutationOptions = () => {
  const invalidate = useInvalidateAlarmWork();
  return { onSuccess: () => invalidate() };
};

export const useCreateAlarm = () => trpc.alarm.create.useMutation(useAlarmMutationOptions());
export const useMoveAlarms = () => trpc.alarm.move.useMutation(useAlarmMutationOptions());
export const useDeleteAlarms = () => trpc.alarm.deleteMany.useMutation(useAlarmMutationOptions());
export const useSetDeadline = () => trpc.alarm.setDeadline.useMutation(useAlarmMutationOptions());
export const useSetNotes = () => trpc.alarm.setNotes.useMutation(useAlarmMutationOptions());
export const useSetFolder = () => trpc.alarm.setFolder.useMutation(useAlarmMutationOptions());
export const useSetPriority = () => trpc.alarm.setPriority.useMutation(useAlarmMutationOptions());
export const useSetSeen = () => trpc.alarm.setSeen.useMutation(useAlarmMutationOptions());
export const useAssign = () => trpc.alarm.assign.useMutation(useAlarmMutationOptions());
export const useUnassign = () => trpc.alarm.unassign.useMutation(useAlarmMutationOptions());
