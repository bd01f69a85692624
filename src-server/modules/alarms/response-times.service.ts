/**
 * Response times per local bucket of `receivedAt` (DESIGN.md §9): of the alarms received in the
 * bucket (outside the trash), how many were acknowledged and resolved, and the median and p90 of
 * the seconds to each. Percentiles are nearest-rank (the value at rank ⌈p·n⌉ of the sorted
 * durations), so every figure is a real alarm's time; null when no alarm of the bucket got there.
 * A time before receipt (a device's skewed mail date) counts as 0 s.
 */
import type { Priority } from '@/domain/alarm-dashboard';
import type { ResponseTimeItem } from '@/domain/alarm-lifecycle';
import { bucketOf } from '@/lib/local-buckets';
import type { DB } from '../../db/database';
import { trashFolderId } from '../alarm-dashboards/folders.queries';
import { type BucketQuery, alarmBuckets } from './alarm-buckets';
import { lifecycleTimes } from './response-times.queries';

/** Nearest-rank percentile of ascending values; null for none. */
export function nearestRank(sorted: ArrayLike<number>, p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

const durations = (values: number[]) => Float64Array.from(values).sort();

export async function responseTimes(db: DB, dashboardId: number, input: BucketQuery & { priority?: Priority }): Promise<ResponseTimeItem[]> {
  const { dates, ranges } = alarmBuckets(input);
  const from = ranges[0]![0];
  const to = ranges.at(-1)![1];
  const starts = ranges.map(([s]) => s);
  const buckets = dates.map(() => ({ raised: 0, ack: [] as number[], resolve: [] as number[] }));
  for (const alarm of await lifecycleTimes(db, dashboardId, await trashFolderId(db, dashboardId), from, to, input.priority)) {
    const bucket = buckets[bucketOf(starts, alarm.receivedAt)]!;
    bucket.raised++;
    if (alarm.acknowledgedAt !== null) bucket.ack.push(Math.max(0, alarm.acknowledgedAt - alarm.receivedAt));
    if (alarm.resolvedAt !== null) bucket.resolve.push(Math.max(0, alarm.resolvedAt - alarm.receivedAt));
  }
  return buckets.map((b, i) => {
    const ack = durations(b.ack);
    const resolve = durations(b.resolve);
    return {
      date: dates[i]!,
      raised: b.raised,
      acknowledged: ack.length,
      resolved: resolve.length,
      ackMedianSeconds: nearestRank(ack, 0.5),
      ackP90Seconds: nearestRank(ack, 0.9),
      resolveMedianSeconds: nearestRank(resolve, 0.5),
      resolveP90Seconds: nearestRank(resolve, 0.9),
    };
  });
}
