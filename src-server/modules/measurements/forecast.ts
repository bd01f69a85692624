/**
 * The day forecast: a recency-weighted same-weekday profile over the last six
 * weeks (weights 1, ½, ¼, …), scaled to the recent level (the mean hour of the last seven days against the seven before,
 * bounded to ±30%). With no same-weekday history it falls back to the average hourly
 * profile of the last fourteen days; with no history at all every hour is null.
 */
import { addDays, amsterdamIso, localMidnight, wallClock } from '@/lib/amsterdam';
import type { DB } from '../../platform/db/database';
import { bucketStarts } from '@/lib/local-buckets';
import { aggregate, round } from '../measurement-store/measurements.queries';

const WEEKS = 6;
const MIN_HOURS = 20; // a day with fewer stored hours does not count as history

type HourValues = Map<number, number>; // local hour of day -> value

async function dayByHour(db: DB, channelIds: number[], date: string): Promise<HourValues | null> {
  const from = localMidnight(date);
  const to = localMidnight(addDays(date, 1));
  const rows = await aggregate(db, channelIds, 'hour', from, to);
  const hours: HourValues = new Map();
  rows.forEach((row, i) => {
    if (row.values.every((v) => v === null)) return;
    const hour = wallClock(from + i * 3600).getUTCHours();
    const value = row.values.reduce<number>((sum, v) => sum + (v ?? 0), 0);
    hours.set(hour, (hours.get(hour) ?? 0) + value / (hours.has(hour) ? 2 : 1)); // the repeated autumn hour counts once
  });
  return hours.size >= MIN_HOURS ? hours : null;
}

const total = (h: HourValues) => [...h.values()].reduce((a, b) => a + b, 0);

function weightedProfile(days: { hours: HourValues; weight: number }[]): HourValues {
  const profile: HourValues = new Map();
  for (let hour = 0; hour < 24; hour++) {
    let sum = 0;
    let weights = 0;
    for (const { hours, weight } of days) {
      const v = hours.get(hour);
      if (v !== undefined) {
        sum += v * weight;
        weights += weight;
      }
    }
    if (weights > 0) profile.set(hour, sum / weights);
  }
  return profile;
}

export async function predictHourly(db: DB, channelIds: number[], date: string) {
  const sameWeekday: { hours: HourValues; weight: number }[] = [];
  for (let k = 1; k <= WEEKS; k++) {
    const hours = await dayByHour(db, channelIds, addDays(date, -7 * k));
    if (hours) sameWeekday.push({ hours, weight: 0.5 ** (k - 1) });
  }
  const recent: HourValues[] = [];
  for (let d = 1; d <= 14; d++) {
    const hours = await dayByHour(db, channelIds, addDays(date, -d));
    if (hours) recent.push(hours);
  }

  let profile: HourValues | null = null;
  if (sameWeekday.length) {
    profile = weightedProfile(sameWeekday);
    // The weekday's own level is in the profile; the factor carries only the latest week's change.
    const lastWeek = recent.slice(0, 7);
    const weekBefore = recent.slice(7, 14);
    if (lastWeek.length === 7 && weekBefore.length === 7) {
      const factor = clamp(hourlyMean(lastWeek) / (hourlyMean(weekBefore) || hourlyMean(lastWeek)), 0.7, 1.3);
      profile = new Map([...profile].map(([h, v]) => [h, v * factor]));
    }
  } else if (recent.length) {
    profile = weightedProfile(recent.map((hours) => ({ hours, weight: 1 })));
  }

  const from = localMidnight(date);
  const starts = bucketStarts('hour', from, localMidnight(addDays(date, 1)));
  return starts.map((start) => {
    const value = profile?.get(wallClock(start).getUTCHours());
    return { timestamp: amsterdamIso(start * 1000), value: value === undefined ? null : round(value) };
  });
}

export async function predictTotal(db: DB, channelIds: number[], date: string): Promise<number | null> {
  const hours = await predictHourly(db, channelIds, date);
  return hours.every((h) => h.value === null) ? null : round(hours.reduce((s, h) => s + (h.value ?? 0), 0));
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/** Mean per stored hour, so a 23- or 25-hour day does not look like a change of level. */
const hourlyMean = (days: HourValues[]) => days.reduce((s, h) => s + total(h), 0) / days.reduce((n, h) => n + h.size, 0);
