/**
 * Local time in Europe/Amsterdam, the product's one time zone: local dates as 'YYYY-MM-DD',
 * instants as UTC seconds. Days are calendar days (23 or 25 hours on DST days).
 */
import { TZDate } from '@date-fns/tz';

export const TIME_ZONE = 'Europe/Amsterdam';

/** The local date of an instant (by the fast offset below: bucket code calls this thousands of times). */
export const localDate = (utcSeconds: number) => wallClock(utcSeconds).toISOString().slice(0, 10);

/** The instant (UTC seconds) at which a local date begins. Midnight is never inside a DST jump. */
export function localMidnight(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  return (wall - amsterdamOffsetMinutes(wall - 3_600_000) * 60_000) / 1000;
}

/** A local date `days` calendar days later (or earlier). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

export const todayLocal = (now = new Date()) => localDate(Math.floor(now.getTime() / 1000));

const transitions = new Map<number, [number, number]>();

/** The EU summer-time instants of a year (last Sunday of March and of October, 01:00 UTC). */
function summerTime(year: number): [number, number] {
  let cached = transitions.get(year);
  if (!cached) {
    const lastSunday = (month: number) => {
      const last = new Date(Date.UTC(year, month + 1, 0));
      return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
    };
    cached = [lastSunday(2), lastSunday(9)];
    transitions.set(year, cached);
  }
  return cached;
}

/**
 * Amsterdam's UTC offset in minutes (60 or 120) at an instant, by the EU rule in force since
 * 1996. Much faster than a time-zone database lookup, for code that handles every quarter-hour.
 */
export function amsterdamOffsetMinutes(utcMs: number): 60 | 120 {
  const [start, end] = summerTime(new Date(utcMs).getUTCFullYear());
  return utcMs >= start && utcMs < end ? 120 : 60;
}

/** '2024-03-31T03:00:00+02:00': an instant as Amsterdam wall time with its offset. */
export function amsterdamIso(utcMs: number): string {
  const offset = amsterdamOffsetMinutes(utcMs);
  return `${new Date(utcMs + offset * 60_000).toISOString().slice(0, 19)}${offset === 120 ? '+02:00' : '+01:00'}`;
}

/** The instant (UTC seconds) of a local wall time 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm(:ss)'. */
export function localToUtc(local: string): number {
  const [date, time = '00:00:00'] = local.split('T') as [string, string?];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h = 0, mi = 0, s = 0] = time.split(':').map(Number);
  return Math.floor(new TZDate(y, m - 1, d, h, mi, s, TIME_ZONE).getTime() / 1000);
}

/** Local wall-time fields of an instant, read with getUTC* (fast, no time-zone database). */
export const wallClock = (utcSeconds: number) => new Date((utcSeconds + amsterdamOffsetMinutes(utcSeconds * 1000) * 60) * 1000);

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** 'HH:mm:ss' of whole minutes, made once each: bucket starts are whole hours or quarters. */
const clockTimes: string[] = [];
function timeOfDay(seconds: number): string {
  if (seconds % 60 !== 0) return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
  const minute = seconds / 60;
  return (clockTimes[minute] ??= `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}:00`);
}

/** '25-11-2026 14:05': an instant (UTC seconds) as local `dd-MM-yyyy HH:mm`, fast enough for exports of thousands. */
export function localDateTimeText(utcSeconds: number): string {
  const w = wallClock(utcSeconds);
  return `${pad(w.getUTCDate())}-${pad(w.getUTCMonth() + 1)}-${w.getUTCFullYear()} ${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}`;
}

/**
 * `amsterdamIso` for many instants (UTC seconds) at once, as the bucket code needs it: the date
 * part is formatted once per local day, the summer-time window looked up once per year and the
 * time of day once per minute of the day (a year of hours in under a millisecond).
 */
export function amsterdamIsoSeries(utcSeconds: number[]): string[] {
  const out: string[] = new Array(utcSeconds.length);
  let day = NaN;
  let prefix = '';
  let yearFrom = Infinity;
  let yearTo = -Infinity;
  let summerFrom = 0;
  let summerTo = 0;
  for (let i = 0; i < utcSeconds.length; i++) {
    const ts = utcSeconds[i]!;
    const ms = ts * 1000;
    if (ms < yearFrom || ms >= yearTo) {
      const year = new Date(ms).getUTCFullYear();
      yearFrom = Date.UTC(year, 0, 1);
      yearTo = Date.UTC(year + 1, 0, 1);
      [summerFrom, summerTo] = summerTime(year);
    }
    const summer = ms >= summerFrom && ms < summerTo;
    const wall = ts + (summer ? 7200 : 3600);
    const wallDay = Math.floor(wall / 86_400);
    if (wallDay !== day) {
      day = wallDay;
      prefix = new Date(wallDay * 86_400_000).toISOString().slice(0, 11);
    }
    out[i] = prefix + timeOfDay(wall - wallDay * 86_400) + (summer ? '+02:00' : '+01:00');
  }
  return out;
}
