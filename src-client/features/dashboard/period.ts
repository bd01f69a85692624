/**
 * The period a module page shows: an ISO week (per hour or day) or a year (per week or month),
 * with the same period a year earlier for comparison. Times are local wall time for the API.
 */
import { addDays, format } from 'date-fns';
import * as v from 'valibot';
import { currentIsoWeek, isoWeeksInYear, startOfIsoWeek } from '@/lib/iso-week';

export const periodSearchSchema = v.object({
  period: v.optional(v.fallback(v.picklist(['week', 'year']), 'week')),
  year: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2100))), undefined),
  week: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(53))), undefined),
  granularity: v.fallback(v.optional(v.picklist(['hour', 'day', 'week', 'month'])), undefined),
  view: v.optional(v.fallback(v.picklist(['grafiek', 'tabel']), 'grafiek')),
});
export type PeriodSearch = v.InferOutput<typeof periodSearchSchema>;

const day = (date: Date) => `${format(date, 'yyyy-MM-dd')}T00:00:00`;

/** Without a chosen period the page opens where the data is: the week (or year) of the newest value. */
export const openingDay = (lastDataAt: string | null) => (lastDataAt ? new Date(lastDataAt) : new Date());

export function resolvePeriod(search: PeriodSearch, today = new Date()) {
  const now = currentIsoWeek(today);
  const period = search.period ?? 'week';
  const year = search.year ?? now.year;
  if (period === 'week') {
    const week = Math.min(search.week ?? now.week, isoWeeksInYear(year));
    const granularity = search.granularity === 'hour' ? 'hour' : 'day';
    const range = (y: number, w: number) => {
      const start = startOfIsoWeek({ year: y, week: Math.min(w, isoWeeksInYear(y)) });
      return { from: day(start), to: day(addDays(start, 7)) };
    };
    return {
      period,
      year,
      week,
      granularity,
      current: range(year, week),
      previous: range(year - 1, week),
      currentLabel: `Week ${week} ${year}`,
      previousLabel: `Week ${week} ${year - 1}`,
    } as const;
  }
  const granularity = search.granularity === 'week' ? 'week' : 'month';
  const range = (y: number) => ({ from: `${y}-01-01T00:00:00`, to: `${y + 1}-01-01T00:00:00` });
  return {
    period,
    year,
    week: now.week,
    granularity,
    current: range(year),
    previous: range(year - 1),
    currentLabel: String(year),
    previousLabel: String(year - 1),
  } as const;
}

/** The two `measurement.aggregate` inputs of a module page: the chosen period and the year before. */
export function aggregateInputs(channelIds: number[], p: ReturnType<typeof resolvePeriod>) {
  const ids = channelIds.join(',');
  return { current: { channelIds: ids, granularity: p.granularity, ...p.current }, previous: { channelIds: ids, granularity: p.granularity, ...p.previous } };
}
