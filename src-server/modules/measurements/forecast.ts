/**
 * The day forecast of the summed channels, per hour of the local day (23 or 25 on DST days), with
 * a band of likely values. Reads only the days before the day; the method is in `forecast-model`.
 */
import { addDays, amsterdamIso, localDate, localMidnight, wallClock } from '@/lib/amsterdam';
import type { DB } from '../../platform/db/database';
import { bucketStarts } from '@/lib/local-buckets';
import { cachedFigure } from '../measurement-store/figure-cache';
import { aggregate, round } from '../measurement-store/measurement-store.queries';
import { type DayHours, HISTORY_DAYS, forecastDay } from './forecast-model';

/** The stored hours of the days before `date`, summed over the channels, per local day and wall-clock hour. */
async function historyBefore(db: DB, channelIds: number[], date: string): Promise<Map<string, DayHours>> {
  const from = localMidnight(addDays(date, -HISTORY_DAYS));
  const to = localMidnight(date);
  const starts = bucketStarts('hour', from, to);
  const rows = await aggregate(db, channelIds, 'hour', from, to, starts);
  const days = new Map<string, DayHours>();
  const repeated = new Map<string, number>(); // the autumn night's second 02:00, averaged with the first
  rows.forEach((row, i) => {
    if (row.values.every((v) => v === null)) return;
    const start = starts[i]!;
    const day = localDate(start);
    const hour = wallClock(start).getUTCHours();
    const value = row.values.reduce<number>((sum, v) => sum + (v ?? 0), 0);
    let hours = days.get(day);
    if (!hours) days.set(day, (hours = new Array<number | null>(24).fill(null)));
    const seen = hours[hour];
    if (seen !== null && seen !== undefined) {
      const key = `${day}:${hour}`;
      const n = (repeated.get(key) ?? 1) + 1;
      repeated.set(key, n);
      hours[hour] = seen + (value - seen) / n;
    } else hours[hour] = value;
  });
  return days;
}

const roundOrNull = (v: number | null) => (v === null ? null : round(v));

/** Computed once per day and channels until new values arrive for them (a chart asks for each day it shows). */
export function predictHourly(db: DB, channelIds: number[], date: string) {
  return cachedFigure(db, `forecast-hours:${date}`, channelIds, () => computeHourly(db, channelIds, date));
}

async function computeHourly(db: DB, channelIds: number[], date: string, withBand = true) {
  const hours = forecastDay(await historyBefore(db, channelIds, date), date, withBand);
  const starts = bucketStarts('hour', localMidnight(date), localMidnight(addDays(date, 1)));
  return starts.map((start) => {
    const f = hours[wallClock(start).getUTCHours()]!;
    return { timestamp: amsterdamIso(start * 1000), value: roundOrNull(f.value), low: roundOrNull(f.low), high: roundOrNull(f.high) };
  });
}

/** The day's total: the sum of its hours, without their band (the dashboard asks it of every module). */
export async function predictTotal(db: DB, channelIds: number[], date: string): Promise<number | null> {
  const hours = await cachedFigure(db, `forecast-hours-alone:${date}`, channelIds, () => computeHourly(db, channelIds, date, false));
  return hours.every((h) => h.value === null) ? null : round(hours.reduce((s, h) => s + (h.value ?? 0), 0));
}
