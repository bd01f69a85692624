/**
 * What a change to alarms makes stale, in the two kinds the server announces to open consoles:
 * an alarm's row and detail (its 'alarm' event) and the counts (its 'counts' event: folder counts,
 * the overview's figures and chart). Queries on screen refetch; the rest are only marked stale.
 */
import type { trpc } from '~/lib/trpc';

type Utils = ReturnType<typeof trpc.useUtils>;

/**
 * The folder lists, and the details and histories of `alarmIds` (of every alarm when the changed
 * ones are not known): every change of an alarm writes a line of its history.
 */
export const refreshAlarmRows = (utils: Utils, alarmIds?: readonly number[]) =>
  Promise.all([
    utils.alarm.list.invalidate(),
    ...(alarmIds
      ? alarmIds.flatMap((alarmId) => [utils.alarm.get.invalidate({ alarmId }), utils.alarm.history.invalidate({ alarmId })])
      : [utils.alarm.get.invalidate(), utils.alarm.history.invalidate()]),
  ]);

export const refreshAlarmCounts = (utils: Utils) =>
  Promise.all([
    utils.alarmFolder.counts.invalidate(),
    utils.alarm.countPerPriority.invalidate(),
    utils.alarm.assignedCount.invalidate(),
    utils.alarm.unassignedCount.invalidate(),
    utils.alarm.periodicCount.invalidate(),
  ]);
