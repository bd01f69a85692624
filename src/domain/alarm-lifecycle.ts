/**
 * The alarm lifecycle: acknowledge, resolve (by a move out of the relevant folders,
 * a recovery mail, a key over the API, a maintenance window), the history of every change,
 * maintenance windows and response times.
 *
 * Decisions made here:
 * - An alarm raised straight into a folder that is not relevant is resolved at once (`SYSTEM`), so
 *   `resolvedAt` is set exactly when the alarm is outside the relevant folders.
 * - A maintenance window's `match` is a regular expression in RE2 syntax (no look-arounds or
 *   back-references): it runs in linear time on the main thread, so no pattern can stall alarms.
 * - A window can be ended early (`POST /maintenance-windows/{id}/end`: `to` becomes now).
 */
import { RE2JS } from 're2js';
import * as v from 'valibot';
import { prioritySchema } from './alarm-dashboard';
import { idSchema, idValue } from './common';
import { ALARM_COUNT_GRANULARITIES, instantSchema, localDaySchema } from './alarm';

/** How long after a resolve a repeat of the same key counts as flapping (names `previousAlarmId`). */
export const FLAPPING_SECONDS = 24 * 3600;

const ACTOR_TYPES = ['USER', 'EMAIL', 'API', 'SYSTEM'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];
/** Who made a change: a user, an e-mail (id = the stored e-mail), an API call, the system (a job or rule). */
export interface Actor {
  type: ActorType;
  id?: number;
  name: string;
  /** A user acting without a session, from a notification's one-time link: the history's details say `via: 'link'`. */
  via?: 'link';
}

const HISTORY_EVENTS = [
  'created',
  'occurred',
  'moved',
  'resolved',
  'reopened',
  'acknowledged',
  'assigned',
  'unassigned',
  'priority',
  'deadline',
  'notes',
  'seen',
  'notified',
  'notification-failed',
  'escalated',
] as const;
export type HistoryEvent = (typeof HISTORY_EVENTS)[number];

export const historyItemSchema = v.object({
  at: v.string(),
  actor: v.object({ type: v.picklist(ACTOR_TYPES), id: v.optional(v.number()), name: v.string() }),
  event: v.picklist(HISTORY_EVENTS),
  details: v.record(v.string(), v.unknown()),
});
export type HistoryItem = v.InferOutput<typeof historyItemSchema>;

export const MAINTENANCE_NOTE_MAX = 500;
export const MAINTENANCE_MATCH_MAX = 500;
/** A maintenance window's pattern, compiled as the pipeline applies it (case-insensitive, RE2). */
export function compileMaintenanceMatch(pattern: string): RE2JS | null {
  try {
    return RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
  } catch {
    return null;
  }
}

export const createMaintenanceWindowSchema = v.pipe(
  v.object({
    dashboardId: idSchema,
    from: instantSchema,
    to: instantSchema,
    match: v.optional(
      v.nullable(
        v.pipe(
          v.string('Het patroon moet tekst zijn.'),
          v.trim(),
          v.maxLength(MAINTENANCE_MATCH_MAX, `Het patroon mag maximaal ${MAINTENANCE_MATCH_MAX} tekens lang zijn.`),
          v.check((s) => s === '' || compileMaintenanceMatch(s) !== null, 'Dit is geen geldig patroon (RE2, zonder look-arounds).'),
          v.transform((s) => s || null),
        ),
      ),
      null,
    ),
    // Absent: no note (stored as ''); no schema default, so OpenAPI shows no `"default": ""`.
    note: v.optional(
      v.pipe(
        v.string('De notitie moet tekst zijn.'),
        v.trim(),
        v.maxLength(MAINTENANCE_NOTE_MAX, `De notitie mag maximaal ${MAINTENANCE_NOTE_MAX} tekens lang zijn.`),
      ),
    ),
  }),
  v.forward(
    v.check((w) => w.from < w.to, 'Het einde moet na het begin liggen.'),
    ['to'],
  ),
);
export type CreateMaintenanceWindow = v.InferOutput<typeof createMaintenanceWindowSchema>;

export const maintenanceWindowSchema = v.object({
  id: v.number(),
  from: v.string(),
  to: v.string(),
  match: v.nullable(v.string()),
  note: v.string(),
  active: v.boolean(),
  createdBy: v.nullable(v.object({ id: v.number(), fullName: v.string() })),
  createdAt: v.string(),
});
export type MaintenanceWindow = v.InferOutput<typeof maintenanceWindowSchema>;

export const responseTimesSchema = v.pipe(
  v.object({
    dashboardId: idSchema,
    from: localDaySchema('from'),
    to: localDaySchema('to'),
    granularity: v.picklist(ALARM_COUNT_GRANULARITIES, 'De indeling moet day, week of month zijn.'),
    priority: v.optional(prioritySchema),
    /** Only the alarms of one location (a month report per location). */
    locationId: v.optional(idValue('Filter op het id van een locatie.')),
  }),
  v.forward(
    v.check((q) => q.from < q.to, '`to` moet na `from` liggen.'),
    ['to'],
  ),
);
export const responseTimeItemSchema = v.object({
  date: v.string(),
  raised: v.number(),
  acknowledged: v.number(),
  resolved: v.number(),
  ackMedianSeconds: v.nullable(v.number()),
  ackP90Seconds: v.nullable(v.number()),
  resolveMedianSeconds: v.nullable(v.number()),
  resolveP90Seconds: v.nullable(v.number()),
});
export type ResponseTimeItem = v.InferOutput<typeof responseTimeItemSchema>;
