/**
 * The alarm lifecycle: acknowledge, resolve (by a move out of the relevant folders,
 * a recovery mail, a key over the API, a maintenance window) and the history of every change.
 *
 * Decisions made here:
 * - An alarm raised straight into a folder that is not relevant is resolved at once (`SYSTEM`), so
 *   `resolvedAt` is set exactly when the alarm is outside the relevant folders.
 */
import * as v from 'valibot';

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
