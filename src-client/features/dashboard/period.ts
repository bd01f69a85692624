/**
 * The period a module page shows: an ISO week (per hour or day) or a year (per week or month),
 * with the same period a year earlier for comparison. Times are local wall time for the API.
 */
import { addDays, addYears, differenceInCalendarDays, format, max, min } from 'date-fns';
import * as v from 'valibot';
import { currentIsoWeek, isoWeeksInYear, startOfIsoWeek } from '@/lib/iso-week';
import { wall } from './format';

export const periodSearchSchema = v.object({
  period: v.optional(v.fallback(v.picklist(['week', 'year']), 'week')),
  year: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2100))), undefined),
  week: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(53))), undefined),
  granularity: v.fallback(v.optional(v.picklist(['hour', 'day', 'week', 'month'])), undefined),
  view: v.optional(v.fallback(v.picklist(['grafiek', 'tabel']), 'grafiek')),
});
export type PeriodSearch = v.InferOutput<typeof periodSearchSchema>;

const day = (date: Date) => `${format(date, 'yyyy-MM-dd')}T00:00:00`;

/** Without a chosen period the page opens where the data is: the week (or year) of the newest value, in Amsterdam. */
export const openingDay = (lastDataAt: string | null) => wall(lastDataAt ?? new Date());

export function resolvePeriod(search: PeriodSearch, opening = new Date()) {
  const period = search.period ?? 'week';
  if (period === 'week') {
    const now = currentIsoWeek(opening);
    const year = search.year ?? now.year;
    const week = Math.min(search.week ?? now.week, isoWeeksInYear(year));
    const granularity = search.granularity === 'hour' ? 'hour' : 'day';
    const start = (y: number) => startOfIsoWeek({ year: y, week: Math.min(week, isoWeeksInYear(y)) });
    return {
      period,
      year,
      week,
      granularity,
      start: start(year),
      end: addDays(start(year), 7),
      previousStart: start(year - 1),
      current: { from: day(start(year)), to: day(addDays(start(year), 7)) },
      previous: { from: day(start(year - 1)), to: day(addDays(start(year - 1), 7)) },
      currentLabel: `Week ${week} ${year}`,
      previousLabel: `Week ${week} ${year - 1}`,
    } as const;
  }
  const year = search.year ?? opening.getFullYear();
  const granularity = search.granularity === 'week' ? 'week' : 'month';
  const range = (y: number) => ({ from: `${y}-01-01T00:00:00`, to: `${y + 1}-01-01T00:00:00` });
  return {
    period,
    year,
    week: currentIsoWeek(opening).week,
    granularity,
    start: new Date(year, 0, 1),
    end: new Date(year + 1, 0, 1),
    previousStart: new Date(year - 1, 0, 1),
    current: range(year),
    previous: range(year - 1),
    currentLabel: String(year),
    previousLabel: String(year - 1),
  } as const;
}
export type Period = ReturnType<typeof resolvePeriod>;

/** The search of the period before (-1) or after (+1) this one. */
export function stepPeriod(p: Period, direction: -1 | 1): Partial<PeriodSearch> {
  if (p.period === 'year') return { year: p.year + direction };
  const next = currentIsoWeek(addDays(p.start, 7 * direction));
  return { year: next.year, week: next.week };
}

/** The two `measurement.aggregate` inputs of a module page: the chosen period and the year before. */
export function aggregateInputs(channelIds: number[], p: Period) {
  const ids = channelIds.join(',');
  return { current: { channelIds: ids, granularity: p.granularity, ...p.current }, previous: { channelIds: ids, granularity: p.granularity, ...p.previous } };
}

/**
 * What of the period the stored data covers ([first, end) clipped to the period), and the same
 * span in the earlier period. Comparable only when the data reaches back to that span's start,
 * so a year of data is never set against two months.
 */
export function coverage(p: Period, firstDataAt: string | null, dataEnd: Date | null) {
  if (!firstDataAt || !dataEnd) return null;
  const from = max([p.start, wall(firstDataAt)]);
  const to = min([p.end, dataEnd]);
  if (to <= from) return null;
  const shift = (d: Date) => (p.period === 'year' ? addYears(d, -1) : addDays(d, differenceInCalendarDays(p.previousStart, p.start)));
  const previous = { from: shift(from), to: shift(to) };
  return { from, to, whole: from <= p.start && to >= p.end, previous, comparable: previous.from >= wall(firstDataAt) };
}

/** '2,5 maanden data' between two wall times, for year comparisons. */
export const monthsOfData = (from: Date, to: Date) =>
  `${(differenceInCalendarDays(to, from) / 30.44).toLocaleString('nl-NL', { maximumFractionDigits: 1 })} maanden data`;
