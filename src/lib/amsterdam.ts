/**
 * Local time in Europe/Amsterdam, the product's one time zone: local dates as 'YYYY-MM-DD',
 * instants as UTC seconds. Days are calendar days (23 or 25 hours on DST days).
 */
import { TZDate } from '@date-fns/tz';
import { addDays as addCalendarDays, format } from 'date-fns';

export const TIME_ZONE = 'Europe/Amsterdam';

/** The local date of an instant. */
export const localDate = (utcSeconds: number) => format(new TZDate(utcSeconds * 1000, TIME_ZONE), 'yyyy-MM-dd');

/** The instant (UTC seconds) at which a local date begins. */
export function localMidnight(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Math.floor(new TZDate(y, m - 1, d, TIME_ZONE).getTime() / 1000);
}

/** A local date `days` calendar days later (or earlier). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return format(addCalendarDays(new Date(Date.UTC(y, m - 1, d, 12)), days), 'yyyy-MM-dd');
}

export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

export const todayLocal = (now = new Date()) => localDate(Math.floor(now.getTime() / 1000));
