import type { TrpcCache } from '~/lib/trpc';
/**
 * What a change to alarms makes stale, in the two kinds the server announces to open consoles:
 * an alarm's row and detail (its 'alarm' event) and the counts (its 'counts' event: folder counts,
 * the overview's figures and chart). Queries on screen refetch; the rest are only marked stale.
 */

/**
 * The folder lists, and the details and histories of `alarmIds` (of every alarm when the changed
 * ones are not known): every change of an alarm writes a line of its history.
 */
export const refreshAlarmRows = ({ trpc, queryClient }: TrpcCache, alarmIds?: readonly number[]) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: trpc.alarm.list.pathKey() }),
    ...(alarmIds
      ? alarmIds.flatMap((alarmId) => [
          queryClient.invalidateQueries({ queryKey: trpc.alarm.get.queryKey({ alarmId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.alarm.history.queryKey({ alarmId }) }),
        ])
      : [queryClient.invalidateQueries({ queryKey: trpc.alarm.get.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.alarm.history.pathKey() })]),
  ]);

export const refreshAlarmCounts = ({ trpc, queryClient }: TrpcCache) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: trpc.alarmFolder.counts.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.alarm.countPerPriority.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.alarm.assignedCount.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.alarm.unassignedCount.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.alarm.periodicCount.pathKey() }),
  ]);
