/**
 * Writing measurements. This module (with measurements.queries.ts) is where measurement SQL
 * lives; the upsert below is portable (SQLite and PostgreSQL both know ON CONFLICT ... excluded).
 */
import type { DB } from '../../db/database';

export interface MeasurementRow {
  ts: number;
  value: number;
}

/** 3 columns a row: stays below SQLite's 32,766 bound parameters per statement. */
const CHUNK = 2000;

/**
 * Inserts or replaces values by (channel, interval start), then rewrites the hourly sums of the
 * hours touched. Running it twice changes nothing. Call it inside a transaction.
 */
export async function upsertMeasurements(db: DB, channelId: number, rows: MeasurementRow[]) {
  if (rows.length === 0) return;
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('measurement')
      .values(rows.slice(i, i + CHUNK).map((r) => ({ channelId, ts: r.ts, value: r.value })))
      .onConflict((oc) => oc.columns(['channelId', 'ts']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
      .execute();
  }
  const first = rows.reduce((m, r) => Math.min(m, r.ts), Infinity);
  const last = rows.reduce((m, r) => Math.max(m, r.ts), -Infinity);
  await db
    .insertInto('measurementHour')
    .columns(['channelId', 'ts', 'value'])
    .expression((eb) =>
      eb
        .selectFrom('measurement')
        .select((s) => ['channelId', s(s.ref('ts'), '-', s(s.ref('ts'), '%', 3600)).as('hour'), s.fn.sum<number>('value').as('value')])
        .where('channelId', '=', channelId)
        .where('ts', '>=', first - (first % 3600))
        .where('ts', '<', last - (last % 3600) + 3600)
        .groupBy(['channelId', 'hour']),
    )
    .onConflict((oc) => oc.columns(['channelId', 'ts']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
}

export async function lastMeasurementTs(db: DB, channelId: number): Promise<number | null> {
  const row = await db
    .selectFrom('measurement')
    .select((eb) => eb.fn.max('ts').as('ts'))
    .where('channelId', '=', channelId)
    .executeTakeFirst();
  return row?.ts ?? null;
}

/** The oldest and newest stored interval starts over the channels (UTC seconds), null when none. */
export async function dataSpan(db: DB, channelIds: number[]): Promise<{ first: number | null; last: number | null }> {
  // One aggregate per query and channel: SQLite answers a lone min() or max() with one index step.
  const edge = (id: number, fn: 'min' | 'max') =>
    db
      .selectFrom('measurement')
      .select((eb) => eb.fn[fn]<number | null>('ts').as('ts'))
      .where('channelId', '=', id)
      .executeTakeFirst()
      .then((row) => row?.ts ?? null);
  const present = (xs: (number | null)[]) => xs.filter((x): x is number => x !== null);
  const firsts = present(await Promise.all(channelIds.map((id) => edge(id, 'min'))));
  const lasts = present(await Promise.all(channelIds.map((id) => edge(id, 'max'))));
  return { first: firsts.length ? Math.min(...firsts) : null, last: lasts.length ? Math.max(...lasts) : null };
}

/** Per channel: the start of its newest stored interval and how many values are stored. */
export async function channelStats(db: DB, channelIds: number[]) {
  if (channelIds.length === 0) return [];
  return db
    .selectFrom('measurement')
    .select(['channelId', (eb) => eb.fn.max('ts').as('lastTs'), (eb) => eb.fn.countAll<number>().as('count')])
    .where('channelId', 'in', channelIds)
    .groupBy('channelId')
    .execute();
}
