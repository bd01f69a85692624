/**
 * What the response-time report reads (DESIGN.md §9), per bucket of receipt time, outside the trash:
 * how many alarms were received, and the seconds each took to be acknowledged and resolved. Each
 * bucket is one range of the covering index `alarm_dashboard_received_lifecycle` (dashboardId,
 * receivedAt, priorityRank, acknowledgedAt, resolvedAt, folderId), so the table is never read.
 * The durations come back as one comma-joined list per bucket: building 100,000 row objects costs
 * more than the whole query (a year by month: ~60 ms as rows, ~25 ms as lists).
 */
import { sql } from 'kysely';
import type { Priority } from '@/domain/alarm-dashboard';
import type { DB } from '../../db/database';
import { PRIORITY_RANK } from './alarms.queries';

export interface BucketDurations {
  i: number;
  raised: number;
  /** Comma-joined seconds from receipt to acknowledge (null: none acknowledged). */
  ack: string | null;
  resolve: string | null;
}

export async function durationsPerBucket(db: DB, dashboardId: number, excludeFolderId: number, ranges: [from: number, to: number][], priority?: Priority) {
  const buckets = ranges.map(([from, to], i) => sql`(${i}, ${from}, ${to})`);
  const byPriority = priority ? sql`and "a"."priorityRank" = ${PRIORITY_RANK[priority]}` : sql``;
  const { rows } = await sql<BucketDurations>`
    with "b" ("i", "s", "e") as (values ${sql.join(buckets)})
    select "b"."i" as "i", count(*) as "raised",
      group_concat(max(0, "a"."acknowledgedAt" - "a"."receivedAt")) as "ack",
      group_concat(max(0, "a"."resolvedAt" - "a"."receivedAt")) as "resolve"
    from "b" join "alarm" as "a" on "a"."dashboardId" = ${dashboardId} and "a"."receivedAt" >= "b"."s" and "a"."receivedAt" < "b"."e"
      and "a"."folderId" <> ${excludeFolderId} ${byPriority}
    group by "b"."i"`.execute(db);
  return rows;
}
