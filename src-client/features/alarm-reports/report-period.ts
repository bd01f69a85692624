/** The report's period: one calendar month (Amsterdam), split per day or ISO week or as one row, optionally one priority. */
import { format } from 'date-fns';
import * as v from 'valibot';
import { PRIORITIES } from '@/domain/alarm-dashboard';
import { todayLocal } from '@/lib/amsterdam';
import { dateLocale, isoWeekNumber } from '@/lib/dates';

export const REPORT_GRANULARITIES = ['day', 'week', 'month'] as const;
export type ReportGranularity = (typeof REPORT_GRANULARITIES)[number];
export const granularityLabels: Record<ReportGranularity, string> = { day: 'Per dag', week: 'Per week', month: 'Per maand' };

export const reportSearchSchema = v.object({
  month: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/))),
  granularity: v.optional(v.picklist(REPORT_GRANULARITIES)),
  priority: v.optional(v.picklist(PRIORITIES)),
});

const shift = (month: string, by: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
};

/** The last month that is over: what a customer's monthly report is about. */
export const lastFullMonth = (today = todayLocal()) => shift(today.slice(0, 7), -1);

/** This month (Amsterdam): where the response-time report opens, so the night just handled is in it. */
export const currentMonth = (today = todayLocal()) => today.slice(0, 7);

/** The query's [from, to) local dates for a month 'YYYY-MM'. */
export const monthRange = (month: string) => ({ from: `${month}-01`, to: `${shift(month, 1)}-01` });

const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** 'november 2026' */
export const monthLabel = (month: string) => format(noon(`${month}-01`), 'LLLL yyyy', { locale: dateLocale });

/** A bucket as the axis and table name it: '3 nov' for a day, 'week 45' for a week, 'november 2026' for the month. */
export const bucketLabel = (date: string, granularity: ReportGranularity) =>
  granularity === 'day'
    ? format(noon(date), 'd MMM', { locale: dateLocale })
    : granularity === 'week'
      ? `week ${isoWeekNumber(noon(date))}`
      : monthLabel(date.slice(0, 7));
