import { addDays, differenceInCalendarDays, format, isSameDay, startOfDay } from 'date-fns';
import { nl } from 'date-fns/locale';
import { amsterdamOffsetMinutes } from '@/lib/amsterdam';

const numberFormat = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

/** '1.234,5 kWh' */
export const formatEnergy = (value: number | null | undefined, unit: string) =>
  value === null || value === undefined ? '–' : `${numberFormat.format(value)} ${unit}`;

export const formatNumber = (value: number) => numberFormat.format(value);

/** '12,3 – 15,0 kWh' */
export const formatRange = (low: number, high: number, unit: string) => `${numberFormat.format(low)} – ${numberFormat.format(high)} ${unit}`;

/** '+12 %' compared with a reference, or null when there is nothing to compare with. */
export function formatChange(now: number | null, before: number | null) {
  if (now === null || before === null || !before) return null;
  const change = Math.round(((now - before) / before) * 100);
  return `${change > 0 ? '+' : ''}${change} %`;
}

export const NO_DATA = 'Nog geen data voor deze periode';

/**
 * Amsterdam wall time as a plain Date (its local fields are the wall clock's), whatever the
 * browser's zone: the period code and date-fns work on these.
 */
export function wall(instant: string | Date) {
  const ms = new Date(instant).getTime();
  const t = new Date(ms + amsterdamOffsetMinutes(ms) * 60_000);
  return new Date(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate(), t.getUTCHours(), t.getUTCMinutes());
}

/** The wall time written in an API timestamp ('2024-03-31T03:00:00+02:00'), as a Date for formatting. */
const wallTime = (timestamp: string) => new Date(`${timestamp.slice(0, 19)}`);

/** Local wall time for the measurement API: '2024-03-31T00:00:00'. */
export const apiTime = (date: Date) => format(date, "yyyy-MM-dd'T'HH:mm:ss");

const f = (date: Date, pattern: string) => format(date, pattern, { locale: nl });

/** 'Laatste meetwaarde: ma 23 nov. 23:45' */
export const freshness = (lastDataAt: string | null) =>
  lastDataAt ? `Laatste meetwaarde: ${f(wall(lastDataAt), 'EEEEEE d MMM HH:mm')}` : 'Nog geen meetwaarden';

/** Where a span's data ends, relative to today: 't/m gisteren', 't/m zo 22 nov.', 'tot vandaag 14:00'. */
export function coveredUntil(to: Date, today: Date) {
  const isMidnight = to.getHours() === 0 && to.getMinutes() === 0;
  if (!isMidnight) return isSameDay(to, today) ? `tot vandaag ${f(to, 'HH:mm')}` : `tot ${f(to, 'EEEEEE d MMM HH:mm')}`;
  const lastDay = addDays(to, -1);
  if (isSameDay(to, today)) return 't/m gisteren';
  if (isSameDay(lastDay, today)) return 't/m vandaag';
  return `t/m ${f(lastDay, 'EEEEEE d MMM')}`;
}

/** A day's span named relative to today: 'Gisteren', 'Zaterdag 21 nov.', 'Vandaag tot 14:00' when its data ends within the day. */
export function dayName(from: Date, to: Date, today: Date) {
  const ago = differenceInCalendarDays(startOfDay(today), startOfDay(from));
  const name = ago === 0 ? 'Vandaag' : ago === 1 ? 'Gisteren' : f(from, 'EEEE d MMM');
  const whole = to.getHours() === 0 && to.getMinutes() === 0;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}${whole ? '' : ` tot ${f(to, 'HH:mm')}`}`;
}

/** '17 – 23 nov.' for a span [from, to) of whole days. */
export const dayRange = (from: Date, to: Date) => `${f(from, 'd MMM')} – ${f(addDays(to, -1), 'd MMM')}`;

export const bucketLabel = (timestamp: string, granularity: string) => {
  const date = wallTime(timestamp);
  switch (granularity) {
    case 'hour':
      return f(date, 'EEEEEE HH:mm');
    case 'day':
      return f(date, 'EEEEEE d MMM');
    case 'week':
      return `wk ${f(date, 'I')}`;
    default:
      return f(date, 'MMM');
  }
};

/** The full name of a bucket for a tooltip or table: 'di 12 nov. 2024 14:00', 'week 46 (11 nov. 2024)', 'november 2024'. */
export const bucketTitle = (timestamp: string, granularity: string) => {
  const date = wallTime(timestamp);
  switch (granularity) {
    case 'hour':
      return f(date, 'EEEEEE d MMM yyyy HH:mm');
    case 'day':
      return f(date, 'EEEE d MMM yyyy');
    case 'week':
      return `week ${f(date, 'I')} (vanaf ${f(date, 'd MMM yyyy')})`;
    default:
      return f(date, 'MMMM yyyy');
  }
};

/** 'di 12 nov. 14:15' for the moment of a peak. */
export const momentLabel = (timestamp: string) => f(wallTime(timestamp), 'EEEEEE d MMM HH:mm');
