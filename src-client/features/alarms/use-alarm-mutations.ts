/**
 * Changes to alarms, each refreshing what it changes: the changed alarms' rows and details, and
 * the counts when the server counts differently afterwards (a new, moved or deleted alarm, seen,
 * priority, assignees). Other consoles learn of it through the live stream.
 */
import { refreshAlarmCounts, refreshAlarmRows } from '~/lib/alarms/cache';
import { trpc } from '~/lib/trpc';

export function useCreateAlarm() {
  const utils = trpc.useUtils();
  return trpc.alarm.create.useMutation({ onSuccess: () => Promise.all([refreshAlarmRows(utils, []), refreshAlarmCounts(utils)]) });
}

/** Moving and deleting (to the trash, or from it for good) take many alarms at once, as a comma-separated list. */
function useManyAlarmsOptions() {
  const utils = trpc.useUtils();
  return {
    onSuccess: (_: unknown, { alarmIds }: { alarmIds: string }) =>
      Promise.all([refreshAlarmRows(utils, alarmIds.split(',').map(Number)), refreshAlarmCounts(utils)]),
  };
}

export const useMoveAlarms = () => trpc.alarm.move.useMutation(useManyAlarmsOptions());
export const useDeleteAlarms = () => trpc.alarm.deleteMany.useMutation(useManyAlarmsOptions());

/** A change to one alarm; `counted` when the counts change with it. */
function useOneAlarmOptions(counted: boolean) {
  const utils = trpc.useUtils();
  return {
    onSuccess: (_: unknown, { alarmId }: { alarmId: number }) => Promise.all([refreshAlarmRows(utils, [alarmId]), counted ? refreshAlarmCounts(utils) : null]),
  };
}

export const useSetFolder = () => trpc.alarm.setFolder.useMutation(useOneAlarmOptions(true));
export const useSetPriority = () => trpc.alarm.setPriority.useMutation(useOneAlarmOptions(true));
export const useSetSeen = () => trpc.alarm.setSeen.useMutation(useOneAlarmOptions(true));
export const useSetDeadline = () => trpc.alarm.setDeadline.useMutation(useOneAlarmOptions(false));

export function useAcknowledgeMany() {
  const utils = trpc.useUtils();
  return trpc.alarm.acknowledgeMany.useMutation({
    onSuccess: (_, { alarmIds }) => Promise.all([refreshAlarmRows(utils, alarmIds), refreshAlarmCounts(utils), utils.alarm.assignees.invalidate()]),
  });
}

/** Notes show in the detail only, not in the list; the history gains a line. */
export function useSetNotes() {
  const utils = trpc.useUtils();
  return trpc.alarm.setNotes.useMutation({
    onSuccess: (alarm) => {
      utils.alarm.get.setData({ alarmId: alarm.id }, alarm);
      return utils.alarm.history.invalidate({ alarmId: alarm.id });
    },
  });
}

function useAssigneeOptions() {
  const utils = trpc.useUtils();
  return {
    onSuccess: (_: unknown, { alarmId }: { alarmId: number }) =>
      Promise.all([utils.alarm.assignees.invalidate({ alarmId }), refreshAlarmRows(utils, [alarmId]), refreshAlarmCounts(utils)]),
  };
}

export const useAssign = () => trpc.alarm.assign.useMutation(useAssigneeOptions());
export const useUnassign = () => trpc.alarm.unassign.useMutation(useAssigneeOptions());
/** Acknowledging marks the alarm seen and assigns the caller when assignable, like an assignment. */
export const useAcknowledge = () => trpc.alarm.acknowledge.useMutation(useAssigneeOptions());
