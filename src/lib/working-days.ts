/**
 * Dutch working days: Monday to Friday, except the public holidays most firms close on
 * (Nieuwjaarsdag, Pasen, Koningsdag, Hemelvaart, Pinksteren, Kerst; Bevrijdingsdag only in lustrum
 * years, when it is a day off for most). Dates are local 'YYYY-MM-DD'.
 */
import { addDays } from './amsterdam';

/** Easter Sunday (Gregorian, the anonymous algorithm). */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const dayOfWeek = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

function dutchPublicHolidays(year: number): Set<string> {
  const e = easter(year);
  // Koningsdag moves to the 26th when the 27th is a Sunday.
  const kingsDay = dayOfWeek(`${year}-04-27`) === 0 ? `${year}-04-26` : `${year}-04-27`;
  const days = [`${year}-01-01`, e, addDays(e, 1), kingsDay, addDays(e, 39), addDays(e, 49), addDays(e, 50), `${year}-12-25`, `${year}-12-26`];
  if (year % 5 === 0) days.push(`${year}-05-05`);
  return new Set(days);
}

export const isWorkingDay = (date: string) => {
  const weekday = dayOfWeek(date);
  return weekday !== 0 && weekday !== 6 && !dutchPublicHolidays(Number(date.slice(0, 4))).has(date);
};

/** The first working day of a month 'YYYY-MM'. */
export function firstWorkingDay(month: string): string {
  let date = `${month}-01`;
  while (!isWorkingDay(date)) date = addDays(date, 1);
  return date;
}
