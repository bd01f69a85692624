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

/** Inserts or replaces values by (channel, interval start): running it twice changes nothing. */
export async function upsertMeasurements(db: DB, channelId: number, rows: MeasurementRow[]) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('measurement')
      .values(rows.slice(i, i + CHUNK).map((r) => ({ channelId, ts: r.ts, value: r.value })))
      .onConflict((oc) => oc.columns(['channelId', 'ts']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
      .execute();
  }
}

export async function lastMeasurementTs(db: DB, channelId: number): Promise<number | null> {
  const row = await db.selectFrom('measurement').select((eb) => eb.fn.max('ts').as('ts')).where('channelId', '=', channelId).executeTakeFirst();
  return row?.ts ?? null;
}
