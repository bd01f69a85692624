/**
 * Measurement ingest: rows per second through the sync's upsert path (Kysely, chunked multi-row
 * upserts, one transaction per 365-day window) against a raw better-sqlite3 prepared statement
 * looped inside one transaction. Both on a fresh database file. Goal: ratio >= 0.5.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../src-server/platform/db/database';
import { migrateToLatest } from '../src-server/platform/db/migrate';
import { upsertMeasurements } from '../src-server/modules/measurement-store/measurement-store.store';
import { insertChannel, insertFeed } from '../src-server/testing/fixtures';

const ROWS = 4 * 35_040; // four channel-years of quarter-hours
const WINDOW = 35_040;

async function freshDb(dir: string, name: string) {
  const file = path.join(dir, name);
  const db = openDatabase(file);
  await migrateToLatest(db);
  await insertFeed(db, { uuid: 'f' });
  for (let c = 1; c <= 4; c++) await insertChannel(db, 'f', `c${c}`);
  return { db, file };
}

const rowsOf = (channel: number) => Array.from({ length: WINDOW }, (_, i) => ({ ts: 1_700_000_000 + i * 900, value: ((i * 7919 + channel) % 1000) / 1000 }));

export async function benchIngest() {
  const dir = mkdtempSync(path.join(tmpdir(), 'energie-ingest-'));
  const product = await freshDb(dir, 'product.db');
  const data = [1, 2, 3, 4].map(rowsOf);
  let start = performance.now();
  for (let c = 0; c < 4; c++) {
    await product.db.transaction().execute((trx) => upsertMeasurements(trx, c + 1, data[c]!));
  }
  const productRps = ROWS / ((performance.now() - start) / 1000);
  await product.db.destroy();

  const rawFile = await freshDb(dir, 'raw.db');
  await rawFile.db.destroy();
  const raw = new SQLite(rawFile.file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  const insert = raw.prepare(
    'insert into measurement (channelId, ts, value) values (?, ?, ?) on conflict (channelId, ts) do update set value = excluded.value',
  );
  start = performance.now();
  raw.transaction(() => {
    for (let c = 0; c < 4; c++) for (const r of data[c]!) insert.run(c + 1, r.ts, r.value);
  })();
  const rawRps = ROWS / ((performance.now() - start) / 1000);
  raw.close();
  rmSync(dir, { recursive: true, force: true });
  return { productRps, rawRps, ratio: productRps / rawRps };
}
