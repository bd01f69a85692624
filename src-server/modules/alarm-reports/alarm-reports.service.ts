/**
 * Response times per local bucket of `receivedAt`: of the alarms received in the
 * bucket (outside the trash), how many were acknowledged and resolved, and the median and p90 of
 * the seconds to each. Percentiles are nearest-rank (the value at rank ⌈p·n⌉ of the sorted
 * durations), so every figure is a real alarm's time; null when no alarm of the bucket got there.
 * A time before receipt (a device's skewed mail date) counts as 0 s.
 */
import type { Priority } from '@/domain/alarm-dashboard';
import type { ResponseTimeItem } from '@/domain/alarm-report';
import type { DB } from '../../platform/db/database';
import { trashFolderId } from '../alarm-folders/alarm-folders.queries';
import { type BucketQuery, alarmBuckets } from '../alarms/alarm-buckets';
import { durationsPerBucket } from './alarm-reports.queries';

interface ReportDeps {
  db: DB;
}

/** Nearest-rank percentile of ascending values; null for none. */
function nearestRank(sorted: ArrayLike<number>, p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

/** Ascending seconds from a comma-joined list (JSON.parse reads numbers faster than split + Number). */
const sortedSeconds = (list: string | null) => (list === null ? new Int32Array(0) : Int32Array.from(JSON.parse(`[${list}]`) as number[]).sort());

export async function responseTimes(
  { db }: ReportDeps,
  dashboardId: number,
  input: BucketQuery & { priority?: Priority; locationId?: number },
): Promise<ResponseTimeItem[]> {
  const { dates, ranges } = alarmBuckets(input);
  const found = new Map((await durationsPerBucket(db, dashboardId, await trashFolderId(db, dashboardId), ranges, input)).map((b) => [b.i, b]));
  return dates.map((date, i) => {
    const bucket = found.get(i);
    const ack = sortedSeconds(bucket?.ack ?? null);
    const resolve = sortedSeconds(bucket?.resolve ?? null);
    return {
      date,
      raised: Number(bucket?.raised ?? 0),
      acknowledged: ack.length,
      resolved: resolve.length,
      ackMedianSeconds: nearestRank(ack, 0.5),
      ackP90Seconds: nearestRank(ack, 0.9),
      resolveMedianSeconds: nearestRank(resolve, 0.5),
      resolveP90Seconds: nearestRank(resolve, 0.9),
    };
  });
}
