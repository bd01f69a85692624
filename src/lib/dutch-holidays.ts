/**
 * Dutch public holidays on which most businesses close (the forecast treats them as Sundays; the
 * monthly mail waits for the next working day). Liberation Day counts only in lustrum years (when
 * most agreements give it off).
 */
import { addDays } from './amsterdam';

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm). */
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

const byYear = new Map<number, Set<string>>();

function holidaysOf(year: number): Set<string> {
  let days = byYear.get(year);
  if (!days) {
    const sunday = easter(year);
    const kingsDay = new Date(Date.UTC(year, 3, 27)).getUTCDay() === 0 ? `${year}-04-26` : `${year}-04-27`;
    days = new Set([
      `${year}-01-01`,
      addDays(sunday, 1), // Easter Monday
      kingsDay,
      ...(year % 5 === 0 ? [`${year}-05-05`] : []),
      addDays(sunday, 39), // Ascension Day
      addDays(sunday, 50), // Whit Monday
      `${year}-12-25`,
      `${year}-12-26`,
    ]);
    byYear.set(year, days);
  }
  return days;
}

/** Whether a local date 'YYYY-MM-DD' is a Dutch public holiday (Sundays aside). */
export const isDutchHoliday = (date: string) => holidaysOf(Number(date.slice(0, 4))).has(date);
