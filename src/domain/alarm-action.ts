/**
 * Acting on an alarm from a notification: a one-time link per person and alarm. Reading the link
 * never acts (mail scanners open links); posting an action does, once.
 */
import * as v from 'valibot';
import { prioritySchema } from './alarm-dashboard';

const ALARM_ACTIONS = ['acknowledge', 'resolve'] as const;
export type AlarmAction = (typeof ALARM_ACTIONS)[number];

const tokenSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{20,100}$/, 'Deze link is ongeldig.'));

export const actionTokenSchema = v.object({ token: tokenSchema });
export const actOnAlarmSchema = v.object({ token: tokenSchema, action: v.picklist(ALARM_ACTIONS, 'Kies acknowledge of resolve.') });

/** What the confirmation page shows: the alarm as it is now, and for whom the link was made. */
export const actionViewSchema = v.object({
  user: v.object({ id: v.number(), name: v.string() }),
  expiresAt: v.string(),
  alarm: v.object({
    id: v.number(),
    line: v.string(),
    priority: prioritySchema,
    location: v.nullable(v.string()),
    dashboard: v.string(),
    receivedAt: v.string(),
    acknowledged: v.nullable(v.object({ at: v.string(), by: v.nullable(v.string()) })),
    resolvedAt: v.nullable(v.string()),
    open: v.boolean(),
  }),
});
export type ActionView = v.InferOutput<typeof actionViewSchema>;

export const actionOutcomeSchema = v.object({ action: v.picklist(ALARM_ACTIONS), message: v.string(), view: actionViewSchema });
