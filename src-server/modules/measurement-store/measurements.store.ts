/**
 * Storing measurements as they come in from the HUB sync (the write path; reads are in
 * measurements.queries.ts). The upsert is portable (SQLite and PostgreSQL both know ON CONFLICT ... excluded).
 */
import type { DB } from '../../platform/db/database';

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
