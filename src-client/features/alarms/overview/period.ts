/**
 * The overview chart's periods, in Amsterdam local dates as the API counts them: the last 30
 * days per day, the last 26 ISO weeks per week, the last 12 months per month, each up to and
 * including today's bucket.
 */
import { format } from 'date-fns';
import { nl } from 'date-fns/locale';
import * as v from 'valibot';
import { addDays } from '@/lib/amsterdam';

export const CHART_PERIODS = ['day', 'week', 'month'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];
export const chartPeriodLabels: Record<ChartPeriod, string> = { day: 'Per dag', week: 'Per week', month: 'Per maand' };
export const chartPeriodDescriptions: Record<ChartPeriod, string> = {
  day: 'De laatste 30 dagen',
  week: 'De laatste 26 weken',
  month: 'De laatste 12 maanden',
};

export const overviewSearchSchema = v.object({ period: v.optional(v.fallback(v.picklist(CHART_PERIODS), 'day')) });

const weekday = (date: string) => (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
const firstOfMonth = (date: string, monthsBack: number) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - monthsBack;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
};

/** `{from, to, granularity}` for the periodic count, `to` exclusive; `today` is the local date. */
export function periodRange(period: ChartPeriod, today: string) {
  if (period === 'day') return { from: addDays(today, -29), to: addDays(today, 1), granularity: period };
  if (period === 'week') {
    const monday = addDays(today, -weekday(today));
    return { from: addDays(monday, -25 * 7), to: addDays(monday, 7), granularity: period };
  }
  return { from: firstOfMonth(today, 11), to: firstOfMonth(today, -1), granularity: period };
}

/** The label of a bucket on the chart's axis: '3 nov.', 'wk 45', 'nov. 2026'. */
export function bucketLabel(date: string, period: ChartPeriod) {
  const day = new Date(`${date}T12:00:00`);
  if (period === 'day') return format(day, 'd MMM', { locale: nl });
  if (period === 'week') return `wk ${format(day, 'I', { locale: nl })}`;
  return format(day, 'MMM yyyy', { locale: nl });
}
