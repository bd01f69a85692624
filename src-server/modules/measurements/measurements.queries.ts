/**
 * Reading measurements (DESIGN.md §6). Stored values are grouped in SQL per quarter, or read from
 * the hourly sums (every local bucket boundary is a whole UTC hour, Amsterdam's offsets being whole
 * hours), then laid into local buckets: a DST day has 23 or 25 hours, weeks start on Monday.
 */
import type { Granularity } from '@/domain/measurement';
import { amsterdamIso } from '@/lib/amsterdam';
import { STEP, bucketOf, bucketStarts } from '@/lib/local-buckets';
import type { DB } from '../../db/database';

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

export async function aggregate(
  db: DB,
  channelIds: number[],
  granularity: Granularity,
  from: number,
  to: number,
  starts = bucketStarts(granularity, from, to),
) {
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
