/**
 * Reading measurements (DESIGN.md §6). Stored values are grouped in SQL per quarter, or read from
 * the hourly sums (every local bucket boundary is a whole UTC hour, Amsterdam's offsets being whole
 * hours), then laid into local buckets: a DST day has 23 or 25 hours, weeks start on Monday.
 */
import type { Granularity } from '@/domain/measurement';
import { addDays, amsterdamIso, localDate, localMidnight, wallClock } from '@/lib/amsterdam';
import type { DB } from '../../db/database';

const STEP: Record<Granularity, number> = { quarter_hour: 900, hour: 3600, day: 3600, week: 3600, month: 3600, year: 3600 };

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

/** Whole hours can be read from the hourly sums: a quarter of the rows. */
const hourAligned = (from: number, to: number) => from % 3600 === 0 && to % 3600 === 0;

/** Sums per channel and quarter or hour within [from, to). */
function groupedSums(db: DB, channelIds: number[], from: number, to: number, step: number) {
  if (step === 3600 && hourAligned(from, to)) {
    return db
      .selectFrom('measurementHour')
      .select(['channelId', 'ts as slot', 'value'])
      .where('channelId', 'in', channelIds)
      .where('ts', '>=', from)
      .where('ts', '<', to)
      .execute();
  }
  return db
    .selectFrom('measurement')
    .select((eb) => ['channelId', eb(eb.ref('ts'), '-', eb(eb.ref('ts'), '%', step)).as('slot'), eb.fn.sum<number>('value').as('value')])
    .where('channelId', 'in', channelIds)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .groupBy(['channelId', 'slot'])
    .execute();
}

/** Index of the bucket holding `ts` (starts sorted ascending). */
function bucketOf(starts: number[], ts: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= ts) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export async function aggregate(db: DB, channelIds: number[], granularity: Granularity, from: number, to: number, starts = bucketStarts(granularity, from, to)) {
  const values: (number | null)[][] = starts.map(() => channelIds.map(() => null));
  for (const row of await groupedSums(db, channelIds, from, to, STEP[granularity])) {
    const bucket = values[bucketOf(starts, Number(row.slot))]!;
    const c = channelIds.indexOf(row.channelId);
    bucket[c] = (bucket[c] ?? 0) + Number(row.value);
  }
  return starts.map((start, i) => ({ timestamp: amsterdamIso(start * 1000), values: values[i]!.map((v) => (v === null ? null : round(v))) }));
}

/** Per stored interval, summed over the channels; `cumulative` adds a running total from `from`. */
export async function select(db: DB, channelIds: number[], kind: 'interval' | 'cumulative', from: number, to: number) {
  const rows = await db
    .selectFrom('measurement')
    .select(['ts', (eb) => eb.fn.sum<number>('value').as('value')])
    .where('channelId', 'in', channelIds)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .groupBy('ts')
    .orderBy('ts')
    .execute();
  let total = 0;
  return rows.map((r) => {
    total += Number(r.value);
    return { timestamp: amsterdamIso(r.ts * 1000), value: round(kind === 'cumulative' ? total : Number(r.value)) };
  });
}

export async function sumTotal(db: DB, channelIds: number[], from: number, to: number): Promise<number> {
  const row = await db
    .selectFrom(hourAligned(from, to) ? 'measurementHour' : 'measurement')
    .select((eb) => eb.fn.sum<number>('value').as('total'))
    .where('channelId', 'in', channelIds)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .executeTakeFirst();
  return round(Number(row?.total ?? 0));
}

/** Sums are floating point; answers carry at most 6 decimals. */
export const round = (v: number) => Math.round(v * 1e6) / 1e6;
