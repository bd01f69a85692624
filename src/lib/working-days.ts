/** Dutch working days: Monday to Friday, except the public holidays most firms close on. Dates are local 'YYYY-MM-DD'. */
import { addDays } from './amsterdam';
import { isDutchHoliday } from './dutch-holidays';

const dayOfWeek = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

export const isWorkingDay = (date: string) => {
  const weekday = dayOfWeek(date);
  return weekday !== 0 && weekday !== 6 && !isDutchHoliday(date);
};

/** The first working day of a month 'YYYY-MM'. */
export function firstWorkingDay(month: string): string {
  let date = `${month}-01`;
  while (!isWorkingDay(date)) date = addDays(date, 1);
  return date;
}
