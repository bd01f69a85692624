/**
 * The day forecast on real demand data (bench/data): each of 28 consecutive days, hour by hour,
 * forecast through the product's `predictHourly` from the days before it, against the seasonal naive
 * forecast (the same hours a week earlier). WAPE = Σ|error| / Σ actual; goal: the product's WAPE
 * ≤ 0.6 × the naive one over the last 28 days of a year of data. Also a mid-year stretch, how often
 * the actual value fell inside the band, and the time of one forecast on a year of history.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addDays, localMidnight, localToUtc, wallClock } from '../src/lib/amsterdam';
import { measurementsChanged } from '../src-server/modules/measurement-store/figure-cache';
import { aggregate } from '../src-server/modules/measurement-store/measurement-store.queries';
import { upsertMeasurements } from '../src-server/modules/measurement-store/measurement-store.store';
import { predictHourly } from '../src-server/modules/measurements/forecast';
import type { DB } from '../src-server/platform/db/database';
import { insertChannel, insertFeed } from '../src-server/testing/fixtures';
import { startBenchServices } from './bench-services';
import { timed } from './stats';

/** Each series with its last 28 days (the end of its year of data) and a mid-year stretch. */
const SERIES = [
  ...['b101', 'b102', 'b103', 'b104'].map((column) => ({
    name: `Cambridge ${column}`,
    file: 'cambridge-buildings-hourly.csv',
    column,
    end: '2023-12-04',
    mid: '2023-06-05',
  })),
  { name: 'Victoria', file: 'victoria-demand-hourly.csv', column: 'mwh', end: '2014-12-04', mid: '2014-06-02' },
];

/**
 * The series' wall-clock hours as Amsterdam wall-clock hours (a 09:00 opening stays 09:00), stored as
 * four equal quarter-hours as the HUB delivers them; Amsterdam's skipped spring hour is left out.
 */
function readSeries(file: string, column: string) {
  const [header, ...lines] = readFileSync(path.join(import.meta.dirname, 'data', file), 'utf8')
    .trim()
    .split('\n');
  const at = header!.split(',').indexOf(column);
  const rows: { ts: number; value: number }[] = [];
  for (const line of lines) {
    const cells = line.split(',');
    const hour = cells[0]!;
    const start = localToUtc(`${hour}:00:00`);
    if (wallClock(start).getUTCHours() !== Number(hour.slice(11, 13))) continue;
    for (let q = 0; q < 4; q++) rows.push({ ts: start + q * 900, value: Number(cells[at]) / 4 });
  }
  return rows;
}

const hours = async (db: DB, channel: number, date: string) =>
  (await aggregate(db, [channel], 'hour', localMidnight(date), localMidnight(addDays(date, 1)))).map((r) => r.values[0] ?? null);

async function stretch(db: DB, channel: number, first: string) {
  let error = 0;
  let naiveError = 0;
  let actualSum = 0;
  let inBand = 0;
  let banded = 0;
  for (let d = 0; d < 28; d++) {
    const date = addDays(first, d);
    const [actual, weekBefore, forecast] = await Promise.all([
      hours(db, channel, date),
      hours(db, channel, addDays(date, -7)),
      predictHourly(db, [channel], date),
    ]);
    actual.forEach((value, i) => {
      if (value === null) return;
      const f = forecast[i]!;
      actualSum += value;
      error += Math.abs((f.value ?? 0) - value);
      naiveError += Math.abs((weekBefore[i] ?? 0) - value);
      if (f.low === null || f.high === null) return;
      banded++;
      if (value >= f.low && value <= f.high) inBand++;
    });
  }
  return { wape: error / actualSum, naive: naiveError / actualSum, ratio: error / naiveError, coverage: banded ? inBand / banded : null };
}

export async function benchForecast() {
  const bench = await startBenchServices('forecast');
  const db = bench.services.db;
  await insertFeed(db, { uuid: 'forecast' });
  const results = [];
  let timing = 0;
  for (const s of SERIES) {
    const channel = await insertChannel(db, 'forecast', s.column);
    const rows = readSeries(s.file, s.column);
    await db.transaction().execute((trx) => upsertMeasurements(trx, channel, rows));
    results.push({ name: s.name, end: await stretch(db, channel, s.end), mid: await stretch(db, channel, s.mid) });
    // Computed afresh each time (the product caches a day's forecast until new values arrive).
    const date = addDays(s.end, 27);
    if (!timing) timing = await timed(() => (measurementsChanged(db, [channel]), predictHourly(db, [channel], date)), 21);
  }
  await bench.stop();
  return { results, timing };
}
