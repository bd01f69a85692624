/**
 * Local Europe/Amsterdam buckets: quarter-hours and hours, and days, ISO weeks
 * (from Monday), months and years that start at local midnight, so a DST day has 23 or 25 hours.
 * Every bucket boundary is a whole UTC hour (Amsterdam's offsets are whole hours): callers may
 * group in SQL per UTC hour and lay the hours into these buckets.
 */
import type { Granularity } from '@/domain/measurement';
import { addDays, localDate, localMidnight, wallClock } from './amsterdam';

export const STEP: Record<Granularity, number> = { quarter_hour: 900, hour: 3600, day: 3600, week: 3600, month: 3600, year: 3600 };

function periodStartDate(granularity: 'day' | 'week' | 'month' | 'year', ts: number): string {
  const date = localDate(ts);
  if (granularity === 'day') return date;
  if (granularity === 'week') return addDays(date, -((wallClock(ts).getUTCDay() + 6) % 7));
  if (granularity === 'month') return `${date.slice(0, 7)}-01`;
  return `${date.slice(0, 4)}-01-01`;
}

function nextPeriodDate(granularity: 'day' | 'week' | 'month' | 'year', date: string): string {
  if (granularity === 'day') return addDays(date, 1);
  if (granularity === 'week') return addDays(date, 7);
  const [y, m] = date.split('-').map(Number) as [number, number];
  if (granularity === 'month') return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return `${y + 1}-01-01`;
}

/** Bucket starts (UTC seconds) covering [from, to): the first is the start of the bucket holding `from`. */
export function bucketStarts(granularity: Granularity, from: number, to: number, max = Infinity): number[] {
  const starts: number[] = [];
  if (granularity === 'quarter_hour' || granularity === 'hour') {
    const step = STEP[granularity];
    for (let t = from - (from % step); t < to; t += step) {
      starts.push(t);
      if (starts.length > max) break;
    }
    return starts;
  }
  for (let date = periodStartDate(granularity, from); localMidnight(date) < to; date = nextPeriodDate(granularity, date)) {
    starts.push(localMidnight(date));
    if (starts.length > max) break;
  }
  return starts;
}

/** Index of the bucket holding `ts` (starts sorted ascending). */
export function bucketOf(starts: number[], ts: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= ts) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
