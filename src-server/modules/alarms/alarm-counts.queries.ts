/**
 * Counting alarms. Each count is one indexed aggregate: per folder, per
 * priority over the relevant folders (one grouped statement), assigned to a user, unassigned, and per UTC hour for the
 * periodic chart (the service lays hours into local Amsterdam days, weeks and months).
 */
import { sql } from 'kysely';
import { PRIORITIES, type Priority } from '@/domain/alarm-dashboard';
import type { DB } from '../../platform/db/database';
import { PRIORITY_RANK } from './alarms.queries';

/** Alarms in a folder: all, unread or unassigned; each an indexed range count. */
export async function countInFolder(db: DB, folderId: number, which: 'total' | 'unread' | 'unassigned') {
  let q = db
    .selectFrom('alarm')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('folderId', '=', folderId);
  if (which === 'unread') q = q.where('seen', '=', 0);
  if (which === 'unassigned') q = q.where('assigneeCount', '=', 0);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Alarms in the folders per priority: one grouped count over the index (folderId, priorityRank). */
export async function countsPerPriority(db: DB, folderIds: number[]): Promise<Map<Priority, number>> {
  const counts = new Map<Priority, number>(PRIORITIES.map((p) => [p, 0]));
  if (folderIds.length === 0) return counts;
  const rows = await db
    .selectFrom('alarm')
    .select(['priorityRank', (eb) => eb.fn.countAll<number>().as('n')])
    .where('folderId', 'in', folderIds)
    .groupBy('priorityRank')
    .execute();
  for (const priority of PRIORITIES) counts.set(priority, Number(rows.find((r) => r.priorityRank === PRIORITY_RANK[priority])?.n ?? 0));
  return counts;
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

/**
 * The rows of a `values` list of buckets (`i`, `s`, `e`): [from, to) ranges in order. Cast, because
 * PostgreSQL reads an untyped parameter in `values` as text (and then cannot compare it with a time).
 */
export const bucketRows = (ranges: [from: number, to: number][]) =>
  ranges.map(([from, to], i) => sql`(cast(${i} as bigint), cast(${from} as bigint), cast(${to} as bigint))`);

/**
 * Alarms outside `excludeFolderId` per bucket ([from, to) ranges in order) and priority. Each bucket and
 * priority is one covering index range (dashboardId, priorityRank, receivedAt, folderId) counted
 * in a correlated subquery: no GROUP BY over every alarm, so no sort of the whole year.
 */
export async function countsPerBucket(db: DB, dashboardId: number, excludeFolderId: number, ranges: [from: number, to: number][]) {
  if (ranges.length === 0) return [];
  const buckets = bucketRows(ranges);
  const count = (rank: number) =>
    sql<number>`(select count(*) from "alarm" where "dashboardId" = ${dashboardId} and "priorityRank" = ${rank} and "receivedAt" >= "b"."s" and "receivedAt" < "b"."e" and "folderId" <> ${excludeFolderId})`;
  const { rows } = await sql<{ i: number; low: number; medium: number; high: number }>`
    with "b" ("i", "s", "e") as (values ${sql.join(buckets)})
    select "b"."i" as "i", ${count(1)} as "low", ${count(2)} as "medium", ${count(3)} as "high" from "b" order by "b"."i"`.execute(db);
  return rows;
}
