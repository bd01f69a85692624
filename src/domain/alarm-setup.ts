/**
 * The alarm set-up guide: what a dashboard has of the four things that make alarms reach someone at
 * night (sources, parsers, notifications, on call), for the start page's "Inrichten" and the empty
 * console.
 */
import * as v from 'valibot';
import { idSchema } from './common';

/** Without `dashboardId`: the first dashboard the caller may open (the start page). */
export const alarmSetupQuerySchema = v.object({ dashboardId: v.optional(idSchema) });

export const alarmSetupSchema = v.object({
  /** The dashboard the counts are of; null when the caller has none yet. */
  dashboard: v.nullable(v.object({ id: v.number(), name: v.string() })),
  mailSources: v.number(),
  /** Tokens for monitoring hooks: a source of alarms without e-mail. */
  hooks: v.number(),
  parsers: v.number(),
  notificationRules: v.number(),
  escalationPolicies: v.number(),
  /** On-call schedules of the dashboard's organization. */
  schedules: v.number(),
});
export type AlarmSetup = v.InferOutput<typeof alarmSetupSchema>;
