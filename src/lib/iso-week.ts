/** ISO weeks (Monday first; week 1 contains 4 January), as the week picker and the charts use them. */
import { endOfISOWeek, format, getISOWeek, getISOWeekYear, getISOWeeksInYear, setISOWeek, startOfISOWeek } from 'date-fns';
import { nl } from 'date-fns/locale';

export interface IsoWeek {
  year: number;
  week: number;
}

export const isoWeeksInYear = (year: number) => getISOWeeksInYear(new Date(year, 0, 4)) as 52 | 53;

export const currentIsoWeek = (date = new Date()): IsoWeek => ({ year: getISOWeekYear(date), week: getISOWeek(date) });

export const startOfIsoWeek = ({ year, week }: IsoWeek) => startOfISOWeek(setISOWeek(new Date(year, 0, 4), week));

/** 'ma 29 dec. – zo 4 jan. 2026' */
export function formatWeekRange(week: IsoWeek) {
  const start = startOfIsoWeek(week);
  return `${format(start, 'EEEEEE d MMM', { locale: nl })} – ${format(endOfISOWeek(start), 'EEEEEE d MMM yyyy', { locale: nl })}`;
}
