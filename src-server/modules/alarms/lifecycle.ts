/**
 * The alarm lifecycle inside a transaction (DESIGN.md §9): folders stay the workflow, so an alarm
 * is resolved exactly while it is outside the relevant folders. Every move, raise and repeat comes
 * through here with its actor, and writes its history in the caller's transaction. Answers the live
 * events to publish once the transaction has committed.
 */
import type { ResolutionBy } from '@/domain/alarm';
import type { Priority } from '@/domain/alarm-dashboard';
import { type Actor, FLAPPING_SECONDS } from '@/domain/alarm-lifecycle';
import type { DB } from '../../db/database';
import { type AlarmEvent } from '../../events/event-bus';
import { foldersOfDashboard, resolvedFolderIdOf } from '../alarm-dashboards/folders.queries';
import { matchingWindow } from '../maintenance-windows/maintenance-windows.queries';
import * as q from './alarms.queries';
import { type HistoryEntry, recordHistory } from './history.queries';

export interface Cause {
  by: ResolutionBy;
  userId?: number | null;
  alarmEmailId?: number | null;
}

export const countsEvent: AlarmEvent = { event: 'counts', data: {} };
export const alarmEvent = (type: 'created' | 'changed' | 'moved' | 'deleted', alarmId: number, folderId: number | null): AlarmEvent => ({
  event: 'alarm',
  data: { type, alarmId, folderId },
});

/** The cause of a move by this actor: a user's own hand, an API call, the system. */
const causeOf = (actor: Actor): Cause =>
  actor.type === 'SYSTEM' ? { by: 'SYSTEM' } : actor.type === 'EMAIL' ? { by: 'RECOVERY', alarmEmailId: actor.id } : { by: 'USER', userId: actor.id };

const labelled = (folders: Map<number, { label: string }>, id: number) => ({ id, label: folders.get(id)?.label ?? '' });

/**
 * Moves alarms of one dashboard into a folder: leaving the relevant folders resolves them (with
 * `cause`), entering them reopens them; history `moved` plus `resolved`/`reopened`.
 */
export async function moveWithLifecycle(
  trx: DB,
  at: number,
  actor: Actor,
  move: { dashboardId: number; alarms: { id: number; folderId: number; resolvedAt: number | null }[]; toFolderId: number; cause?: Cause },
) {
  const folders = new Map((await foldersOfDashboard(trx, move.dashboardId)).map((f) => [f.id, f]));
  const to = folders.get(move.toFolderId)!;
  const moving = move.alarms.filter((a) => a.folderId !== move.toFolderId);
  if (moving.length === 0) return [];
  await q.moveAlarms(
    trx,
    moving.map((a) => a.id),
    to.id,
    at,
  );
  const resolving = to.relevant ? [] : moving.filter((a) => a.resolvedAt === null).map((a) => a.id);
  const reopening = to.relevant ? moving.filter((a) => a.resolvedAt !== null).map((a) => a.id) : [];
  const cause = move.cause ?? causeOf(actor);
  if (resolving.length) await q.markResolved(trx, resolving, at, cause);
  if (reopening.length) await q.markReopened(trx, reopening);
  const entries: HistoryEntry[] = moving.map((a) => ({
    alarmId: a.id,
    event: 'moved',
    details: { from: labelled(folders, a.folderId), to: labelled(folders, to.id) },
  }));
  for (const alarmId of resolving) entries.push({ alarmId, event: 'resolved', details: resolutionDetails(cause) });
  for (const alarmId of reopening) entries.push({ alarmId, event: 'reopened' });
  await recordHistory(trx, at, actor, entries);
  return moving.map((a) => alarmEvent('moved', a.id, to.id));
}

const resolutionDetails = (cause: Cause) => ({
  by: cause.by,
  ...(cause.userId ? { userId: cause.userId } : {}),
  ...(cause.alarmEmailId ? { alarmEmailId: cause.alarmEmailId } : {}),
});

/** A folder whose relevance changed: its alarms resolve (no longer relevant) or reopen (relevant again). */
export async function applyFolderRelevance(trx: DB, at: number, actor: Actor, folder: { id: number; relevant: boolean }) {
  const alarms = await q.alarmsInFolderByResolution(trx, folder.id, folder.relevant);
  if (alarms.length === 0) return;
  const cause = causeOf(actor);
  if (folder.relevant) await q.markReopened(trx, alarms);
  else await q.markResolved(trx, alarms, at, cause);
  await recordHistory(
    trx,
    at,
    actor,
    alarms.map((alarmId) => (folder.relevant ? { alarmId, event: 'reopened' } : { alarmId, event: 'resolved', details: resolutionDetails(cause) })),
  );
}

/**
 * Every open alarm of the dashboard with one of these keys moves to the resolved folder in one
 * move (a hook resolving 1,000 keys at once); answers how many and the events.
 */
export async function resolveKeys(trx: DB, at: number, actor: Actor, dashboardId: number, keys: string[], cause: Cause) {
  const open = await q.openAlarmsWithKeys(trx, dashboardId, keys);
  if (open.length === 0) return { resolved: 0, events: [] };
  const toFolderId = await resolvedFolderIdOf(trx, dashboardId);
  const events = await moveWithLifecycle(trx, at, actor, { dashboardId, alarms: open, toFolderId, cause });
  return { resolved: open.length, events: [...events, countsEvent] };
}

export interface Raise {
  line: string;
  priority: Priority;
  data: Record<string, string>;
  deadlineAt: number | null;
  /** The landing folder, resolved by the caller. */
  folderId: number;
  key: string | null;
  /** With a key: a repeat joins an open alarm whose last occurrence lies within this window (null: any open one). */
  windowSeconds: number | null;
  alarmEmailId: number | null;
  /** The location the alarm is about, already checked to belong to the dashboard's organization. */
  locationId?: number | null;
  /** How many occurrences this raise stands for (default 1): an energy rule's quarters above the limit in one go. */
  occurrences?: number;
  /** A parsed e-mail's subject, searchable with the alarm. */
  subject?: string | null;
}

/**
 * Raises an alarm, or with a key adds an occurrence to the open alarm of that key (unseen again).
 * A new alarm names the alarm of its key resolved less than 24 h before (flapping); inside an
 * active maintenance window that matches it lands resolved in the resolved folder; in a folder that
 * is not relevant it is resolved at once.
 */
export async function raise(trx: DB, at: number, actor: Actor, dashboardId: number, alarm: Raise) {
  if (alarm.key !== null) {
    const open = await q.repeatTarget(trx, dashboardId, alarm.key, alarm.windowSeconds === null ? null : at - alarm.windowSeconds);
    if (open) {
      const occurrences = await q.addOccurrence(trx, open.id, at, alarm.occurrences ?? 1);
      await recordHistory(trx, at, actor, [
        { alarmId: open.id, event: 'occurred', details: { occurrences, ...(alarm.alarmEmailId ? { alarmEmailId: alarm.alarmEmailId } : {}) } },
      ]);
      return { alarmId: open.id, grouped: true, maintenance: false, events: [alarmEvent('changed', open.id, open.folderId), countsEvent] };
    }
  }
  const previous = alarm.key === null ? undefined : await q.recentlyResolved(trx, dashboardId, alarm.key, at - FLAPPING_SECONDS);
  const window = await matchingWindow(trx, dashboardId, at, alarm);
  const folders = await foldersOfDashboard(trx, dashboardId);
  const folderId = window ? await resolvedFolderIdOf(trx, dashboardId) : alarm.folderId;
  const folder = folders.find((f) => f.id === folderId)!;
  const cause: Cause | null = window ? { by: 'MAINTENANCE' } : folder.relevant ? null : { by: 'SYSTEM' };
  const { windowSeconds: _, key, ...values } = alarm;
  const alarmId = await q.insertAlarm(trx, { ...values, dashboardId, folderId, receivedAt: at, groupKey: key, previousAlarmId: previous?.id ?? null });
  if (cause) await q.markResolved(trx, [alarmId], at, cause);
  await recordHistory(trx, at, actor, [
    {
      alarmId,
      event: 'created',
      details: {
        folder: { id: folder.id, label: folder.label },
        priority: alarm.priority,
        ...(alarm.alarmEmailId ? { alarmEmailId: alarm.alarmEmailId } : {}),
      },
    },
    ...(cause
      ? [{ alarmId, event: 'resolved' as const, details: { ...resolutionDetails(cause), ...(window ? { maintenanceWindowId: window.id } : {}) } }]
      : []),
  ]);
  return { alarmId, grouped: false, maintenance: Boolean(window), events: [alarmEvent('created', alarmId, folderId), countsEvent] };
}
