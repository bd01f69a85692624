import type { AlarmInFolder } from '@/domain/alarm';
import type { TrpcCache } from '~/lib/trpc';
import { type ListContext, type ListInput, mergeRow, withoutRows } from './live-rows';
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

/**
 * Live rows into the cached lists of the dashboard, and their fields into cached details, at once;
 * alarms deleted for good out of every list. A list that was being fetched is fetched again, so an
 * answer read before these changes does not overwrite them.
 */
export function putAlarmRows({ trpc, queryClient }: TrpcCache, dashboardId: number, rows: readonly AlarmInFolder[], deletedIds: readonly number[]) {
  const context: ListContext = {
    dashboardId,
    me: queryClient.getQueryData(trpc.auth.me.queryKey())?.id,
    trashFolderId: queryClient.getQueryData(trpc.alarmFolder.list.queryKey({ dashboardId }))?.find((f) => f.trash)?.id,
    now: new Date(),
  };
  const deleted = new Set(deletedIds);
  for (const pathKey of [trpc.alarm.list.pathKey(), trpc.alarm.search.pathKey()]) {
    for (const [queryKey, page] of queryClient.getQueriesData<Parameters<typeof mergeRow>[0]>({ queryKey: pathKey })) {
      const input = (queryKey[1] as { input?: ListInput } | undefined)?.input;
      if (!page || !input) continue;
      const next = rows.reduce((p, row) => mergeRow(p, input, row, context), withoutRows(page, deleted));
      if (next === page) continue;
      queryClient.setQueryData(queryKey, next);
      if (queryClient.isFetching({ queryKey, exact: true })) void queryClient.invalidateQueries({ queryKey, exact: true });
    }
  }
  for (const row of rows) {
    queryClient.setQueryData(trpc.alarm.get.queryKey({ alarmId: row.id }), (detail) => detail && { ...detail, ...row });
  }
}
