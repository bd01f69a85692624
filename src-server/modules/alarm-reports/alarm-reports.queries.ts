/**
 * What the response-time report reads, per bucket of receipt time, outside the trash:
 * how many alarms were received, and the seconds each took to be acknowledged and resolved. Each
 * bucket is one range of the covering index `alarm_dashboard_received_lifecycle` (dashboardId,
 * receivedAt, priorityRank, acknowledgedAt, resolvedAt, folderId), so the table is never read.
 * The durations come back as one comma-joined list per bucket: building 100,000 row objects costs
 * more than the whole query (a year by month: ~60 ms as rows, ~25 ms as lists).
 */
import { type RawBuilder, sql } from 'kysely';
import type { Priority } from '@/domain/alarm-dashboard';
import { type DB, engineOf } from '../../platform/db/database';
import { bucketRows } from '../alarms/alarm-counts.queries';
import { PRIORITY_RANK } from '../alarms/alarms.queries';

export interface BucketDurations {
  i: number;
  raised: number;
  /** Comma-joined seconds from receipt to acknowledge (null: none acknowledged). */
  ack: string | null;
  resolve: string | null;
}

export async function durationsPerBucket(
  db: DB,
  dashboardId: number,
  excludeFolderId: number,
  ranges: [from: number, to: number][],
  only: { priority?: Priority; locationId?: number },
) {
  const byPriority = only.priority ? sql`and "a"."priorityRank" = ${PRIORITY_RANK[only.priority]}` : sql``;
  // One location's alarms: read from the table (the index has no location), a month of them at a time.
  const byLocation = only.locationId === undefined ? sql`` : sql`and "a"."locationId" = ${only.locationId}`;
  const { rows } = await sql<BucketDurations>`
    with "b" ("i", "s", "e") as (values ${sql.join(bucketRows(ranges))})
    select "b"."i" as "i", count(*) as "raised",
      ${joinedSeconds(db, sql`"a"."acknowledgedAt" - "a"."receivedAt"`)} as "ack",
      ${joinedSeconds(db, sql`"a"."resolvedAt" - "a"."receivedAt"`)} as "resolve"
    from "b" join "alarm" as "a" on "a"."dashboardId" = ${dashboardId} and "a"."receivedAt" >= "b"."s" and "a"."receivedAt" < "b"."e"
      and "a"."folderId" <> ${excludeFolderId} ${byPriority} ${byLocation}
    group by "b"."i"`.execute(db);
  return rows;
}

/** The comma-joined non-negative seconds of a group (nulls left out): the one aggregate whose SQL differs per engine. */
function joinedSeconds(db: DB, seconds: RawBuilder<unknown>) {
  return engineOf(db) === 'postgres'
    ? // greatest() skips a null where SQLite's max() answers null: nulls are filtered out first.
      sql`string_agg(cast(greatest(0, ${seconds}) as text), ',') filter (where ${seconds} is not null)`
    : sql`group_concat(max(0, ${seconds}))`;
}
