/**
 * The customer's view of a location: what its customers may read of its alarms when the location's
 * `customerView` is SUMMARY, and the monthly mail. Deliberately small: the line, priority and times
 * of an alarm, never its data, e-mails, notes, history, people or the dashboard it sits on.
 */
import * as v from 'valibot';
import { PRIORITIES } from './alarm-dashboard';
import { idSchema } from './common';
import { CUSTOMER_VIEWS } from './location';
import { contactOutputSchema } from './organization';

/** Resolved alarms of this many days back are listed with their time to resolve. */
export const RESOLVED_DAYS = 30;
/** Each list holds at most this many rows; the counts say how many there are in all. */
export const STATUS_LIST_MAX = 50;

const priority = v.picklist(PRIORITIES);

export const locationStatusSchema = v.object({
  locationId: v.number(),
  locationName: v.string(),
  /** Whether the location's customers see this summary (SUMMARY) or not (NONE: only staff read it, as a preview). */
  customerView: v.picklist(CUSTOMER_VIEWS),
  /** When this summary was made (ISO, UTC). */
  at: v.string(),
  /** Unresolved alarms of the location, most urgent first. */
  openAlarms: v.array(
    v.object({
      line: v.string(),
      priority,
      /** When it was first raised. */
      since: v.string(),
      /** Someone at the firm acknowledged it: 'in behandeling'. */
      inProgress: v.boolean(),
    }),
  ),
  openCount: v.number(),
  /** Alarms resolved in the last 30 days, newest first. */
  resolvedAlarms: v.array(
    v.object({
      line: v.string(),
      priority,
      since: v.string(),
      resolvedAt: v.string(),
      /** resolvedAt − since, in seconds. */
      resolveSeconds: v.number(),
    }),
  ),
  resolvedCount: v.number(),
  /** Maintenance windows that have not ended, on the dashboards that hold this location's alarms, soonest first. */
  maintenanceWindows: v.array(
    v.object({
      from: v.string(),
      to: v.string(),
      active: v.boolean(),
      /** What the firm wrote the window is for; null when it wrote nothing. */
      description: v.nullable(v.string()),
    }),
  ),
  /** The installer firm and how its customers reach it. */
  contact: v.object({ name: v.string(), ...contactOutputSchema.entries }),
});
export type LocationStatus = v.InferOutput<typeof locationStatusSchema>;

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The month report lists at most this many alarms; `alarmCount` says how many there were. */
export const MONTH_ALARMS_MAX = 100;

export const monthReportInputSchema = v.object({
  locationId: idSchema,
  /** 'YYYY-MM' (Amsterdam); absent: the last month that is over. */
  month: v.optional(v.pipe(v.string('Kies een maand als JJJJ-MM.'), v.regex(MONTH_PATTERN, 'Kies een maand als JJJJ-MM, bijvoorbeeld 2026-10.'))),
});

export const monthReportSchema = v.object({
  locationId: v.number(),
  locationName: v.string(),
  month: v.string(),
  /** The month's energy per module; value null when nothing is stored for it. */
  energy: v.array(v.object({ selector: v.string(), title: v.string(), unit: v.string(), value: v.nullable(v.number()) })),
  /** The month's alarms (first raised in it); null when the location shows its customers no alarms (NONE) and a customer asks. */
  alarms: v.nullable(
    v.object({
      count: v.number(),
      resolvedCount: v.number(),
      list: v.array(
        v.object({
          line: v.string(),
          priority,
          since: v.string(),
          resolvedAt: v.nullable(v.string()),
          resolveSeconds: v.nullable(v.number()),
        }),
      ),
    }),
  ),
  contact: v.object({ name: v.string(), ...contactOutputSchema.entries }),
});
export type MonthReport = v.InferOutput<typeof monthReportSchema>;

/** The month before the one holding `today` ('YYYY-MM-DD'). */
export function previousMonth(today: string): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
}
