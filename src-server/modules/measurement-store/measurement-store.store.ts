/**
 * Storing measurements as they come in from the HUB sync (the write path; its statements and the
 * reads are in measurement-store.queries.ts).
 */
import type { DB } from '../../platform/db/database';
import { rewriteHourSums, upsertMeasurementChunk } from './measurement-store.queries';

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
    await upsertMeasurementChunk(db, channelId, rows.slice(i, i + CHUNK));
  }
  const first = rows.reduce((m, r) => Math.min(m, r.ts), Infinity);
  const last = rows.reduce((m, r) => Math.max(m, r.ts), -Infinity);
  await rewriteHourSums(db, channelId, first - (first % 3600), last - (last % 3600) + 3600);
}
