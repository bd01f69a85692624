/**
 * Counting alarms (DESIGN.md §7 "Counts"). Each count is one indexed aggregate: per folder, per
 * priority over the relevant folders, assigned to a user, unassigned, and per UTC hour for the
 * periodic chart (the service lays hours into local Amsterdam days, weeks and months).
 */
import type { Priority } from '@/domain/alarm-dashboard';
import type { DB } from '../../db/database';


/** Per folder of the dashboard: all alarms, unread ones and unassigned ones. */
export async function countsPerFolder(db: DB, dashboardId: number) {
  const rows = await db
    .selectFrom('alarm')
    .select((eb) => [
      'folderId',
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('seen', '=', 0).then(1).else(0).end()).as('unread'),
      eb.fn.sum<number>(eb.case().when('assigneeCount', '=', 0).then(1).else(0).end()).as('unassigned'),
    ])
    .where('dashboardId', '=', dashboardId)
    .groupBy('folderId')
    .execute();
  return new Map(rows.map((r) => [r.folderId, { total: Number(r.total), unread: Number(r.unread), unassigned: Number(r.unassigned) }]));
}

export async function countsPerPriority(db: DB, folderIds: number[]): Promise<Map<Priority, number>> {
  if (folderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('alarm')
    .select((eb) => ['priority', eb.fn.countAll<number>().as('n')])
    .where('folderId', 'in', folderIds)
    .groupBy('priority')
    .execute();
  return new Map(rows.map((r) => [r.priority, Number(r.n)]));
}

export async function countAssignedTo(db: DB, folderIds: number[], userId: number) {
  if (folderIds.length === 0) return 0;
  const row = await db
    .selectFrom('alarmAssignee')
    .innerJoin('alarm', 'alarm.id', 'alarmAssignee.alarmId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('alarmAssignee.userId', '=', userId)
    .where('alarm.folderId', 'in', folderIds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countUnassigned(db: DB, folderIds: number[]) {
  if (folderIds.length === 0) return 0;
  const row = await db
    .selectFrom('alarm')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('folderId', 'in', folderIds)
    .where('assigneeCount', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Alarms outside `excludeFolderId` received in [from, to), per UTC hour and priority. */
export function countsPerHour(db: DB, dashboardId: number, excludeFolderId: number, from: number, to: number) {
  return db
    .selectFrom('alarm')
    .select((eb) => [eb(eb.ref('receivedAt'), '-', eb(eb.ref('receivedAt'), '%', 3600)).as('hour'), 'priority', eb.fn.countAll<number>().as('n')])
    .where('dashboardId', '=', dashboardId)
    .where('receivedAt', '>=', from)
    .where('receivedAt', '<', to)
    .where('folderId', '!=', excludeFolderId)
    .groupBy(['hour', 'priority'])
    .execute();
}

