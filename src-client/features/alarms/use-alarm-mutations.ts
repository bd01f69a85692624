/**
 * Changes to alarms, each refreshing what it changes: the changed alarms' rows and details, and
 * the counts when the server counts differently afterwards (a new, moved or deleted alarm, seen,
 * priority, assignees). Other consoles learn of it through the live stream.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAlarmCounts, refreshAlarmRows } from '~/lib/alarms/cache';
import { useTRPC } from '~/lib/trpc';

export function useCreateAlarm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.alarm.create.mutationOptions({
      onSuccess: () => Promise.all([refreshAlarmRows({ trpc, queryClient }, []), refreshAlarmCounts({ trpc, queryClient })]),
    }),
  );
}

/** Moving and deleting (to the trash, or from it for good) take many alarms at once, as a comma-separated list. */
function useManyAlarmsOptions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return {
    onSuccess: (_: unknown, { alarmIds }: { alarmIds: string }) =>
      Promise.all([refreshAlarmRows({ trpc, queryClient }, alarmIds.split(',').map(Number)), refreshAlarmCounts({ trpc, queryClient })]),
  };
}

export const useMoveAlarms = () => {
  const trpc = useTRPC();
  return useMutation(trpc.alarm.move.mutationOptions(useManyAlarmsOptions()));
};
export const useDeleteAlarms = () => {
  const trpc = useTRPC();
  return useMutation(trpc.alarm.deleteMany.mutationOptions(useManyAlarmsOptions()));
};

/** A change to one alarm; `counted` when the counts change with it. */
function useOneAlarmOptions(counted: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return {
    onSuccess: (_: unknown, { alarmId }: { alarmId: number }) =>
      Promise.all([refreshAlarmRows({ trpc, queryClient }, [alarmId]), counted ? refreshAlarmCounts({ trpc, queryClient }) : null]),
  };
}

export const useSetFolder = () => {
  const trpc = useTRPC();
  return useMutation(trpc.alarm.setFolder.mutationOptions(useOneAlarmOptions(true)));
};
export const useSetPriority = () => {
  const trpc = useTRPC();
  return useMutation(trpc.alarm.setPriority.mutationOptions(useOneAlarmOptions(true)));
};
export const useSetSeen = () => {
  const trpc = useTRPC();
  return useMutation(trpc.alarm.setSeen.mutationOptions(useOneAlarmOptions(true)));
};
export const useSetDeadline = () => {
  const trpc = useTRPC();
  return useMutation(trpc.alarm.setDeadline.mutationOptions(useOneAlarmOptions(false)));
};

export function useAcknowledgeMany() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.alarm.acknowledgeMany.mutationOptions({
      onSuccess: (_, { alarmIds }) =>
        Promise.all([
          refreshAlarmRows({ trpc, queryClient }, alarmIds),
          refreshAlarmCounts({ trpc, queryClient }),
          queryClient.invalidateQueries({ queryKey: trpc.alarm.assignees.pathKey() }),
        ]),
    }),
  );
}

/** Notes show in the detail only, not in the list; the history gains a line. */
export function useSetNotes() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.alarm.setNotes.mutationOptions({
      onSuccess: (alarm) => {
        queryClient.setQueryData(trpc.alarm.get.queryKey({ alarmId: alarm.id }), alarm);
        return queryClient.invalidateQueries({ queryKey: trpc.alarm.history.queryKey({ alarmId: alarm.id }) });
      },
    }),
  );
}

function useAssigneeOptions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return {
    onSuccess: (_: unknown, { alarmId }: { alarmId: number }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.alarm.assignees.queryKey({ alarmId }) }),
        refreshAlarmRows({ trpc, queryClient }, [alarmId]),
        refreshAlarmCounts({ trpc, queryClient }),
      ]),
  };
}

export const useAssign = () => {
  const trpc = useTRPC();
  return useMutation(trpc.alarm.assign.mutationOptions(useAssigneeOptions()));
};
export const useUnassign = () => {
  const trpc = useTRPC();
  return useMutation(trpc.alarm.unassign.mutationOptions(useAssigneeOptions()));
};
/** Acknowledging marks the alarm seen and assigns the caller when assignable, like an assignment. */
export const useAcknowledge = () => {
  const trpc = useTRPC();
  return useMutation(trpc.alarm.acknowledge.mutationOptions(useAssigneeOptions()));
};
