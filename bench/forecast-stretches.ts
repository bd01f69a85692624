/**
 * The ground on which the day forecast's constants are chosen: the product's forecast method on the
 * same real data as `forecast.ts`, called directly (no database, a few seconds a run), over six
 * 28-day stretches per series (mid-year and from the 6th of March, April, August, September and
 * October), against the seasonal naive forecast. The end of the year, which `forecast.ts` reports as
 * the goal, is printed apart and is not part of the mean a change is judged by.
 * Run: `node --import tsx bench/forecast-stretches.ts`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addDays, localToUtc, wallClock } from '../src/lib/amsterdam';
import { type DayHours, forecastDay } from '../src-server/modules/measurements/forecast-model';

/** Day → its 24 wall-clock hours, read as `forecast.ts` stores them (Amsterdam's skipped spring hour left out). */
function read(file: string, column: string) {
  const [header, ...lines] = readFileSync(path.join(import.meta.dirname, 'data', file), 'utf8')
    .trim()
    .split('\n');
  const at = header!.split(',').indexOf(column);
  const days = new Map<string, DayHours>();
  for (const line of lines) {
    const cells = line.split(',');
    const hour = cells[0]!;
    if (wallClock(localToUtc(`${hour}:00:00`)).getUTCHours() !== Number(hour.slice(11, 13))) continue;
    const date = hour.slice(0, 10);
    let day = days.get(date);
    if (!day) days.set(date, (day = new Array<number | null>(24).fill(null)));
    day[Number(hour.slice(11, 13))] = Number(cells[at]);
  }
  return days;
}

const SERIES = [
  ...['b101', 'b102', 'b103', 'b104'].map((column) => ({ column, file: 'cambridge-buildings-hourly.csv', year: '2023', mid: '2023-06-05', end: '2023-12-04' })),
  { column: 'mwh', file: 'victoria-demand-hourly.csv', year: '2014', mid: '2014-06-02', end: '2014-12-04' },
];

/** Σ|forecast − actual| / Σ|week before − actual| over 28 days from `first`. */
function ratio(days: Map<string, DayHours>, first: string) {
  let error = 0;
  let naive = 0;
  for (let d = 0; d < 28; d++) {
    const date = addDays(first, d);
    const weekBefore = days.get(addDays(date, -7))!;
    const forecast = forecastDay(days, date, false);
    days.get(date)!.forEach((v, h) => {
      if (v === null) return;
      error += Math.abs((forecast[h]!.value ?? 0) - v);
      naive += Math.abs((weekBefore[h] ?? 0) - v);
    });
  }
  return error / naive;
}

const fitting: number[] = [];
const mids: number[] = [];
const ends: number[] = [];
for (const s of SERIES) {
  const days = read(s.file, s.column);
  const mid = ratio(days, s.mid);
  const others = ['03-06', '04-06', '08-06', '09-06', '10-06'].map((m) => ratio(days, `${s.year}-${m}`));
  const end = ratio(days, s.end);
  fitting.push(mid, ...others);
  mids.push(mid);
  ends.push(end);
  console.log(`${s.column}: mid-year ${mid.toFixed(3)}; others ${others.map((r) => r.toFixed(3)).join(' ')} | end of the year ${end.toFixed(3)}`);
}
const avg = (values: number[]) => (values.reduce((a, b) => a + b, 0) / values.length).toFixed(4);
console.log(`mean ratio over the 30 stretches ${avg(fitting)} (mid-year ${avg(mids)}) | end of the year ${avg(ends)}`);
