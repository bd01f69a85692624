/**
 * The alarm lifecycle inside a transaction: folders stay the workflow, so an alarm
 * is resolved exactly while it is outside the relevant folders. Every move, raise and repeat comes
 * through here with its actor, and writes its history in the caller's transaction. Answers the live
 * events to publish once the transaction has committed.
 */
import type { ResolutionBy } from '@/domain/alarm';
import type { Priority } from '@/domain/alarm-dashboard';
import { type Actor, FLAPPING_SECONDS } from '@/domain/alarm-lifecycle';
import type { DB } from '../../platform/db/database';
import { type AlarmEvent } from '../../platform/events/event-bus';
import { foldersOfDashboard, resolvedFolderIdOf } from '../alarm-folders/alarm-folders.queries';
import { activeWindows, windowMatching } from '../maintenance-windows/maintenance-windows.queries';
import * as q from './alarms.queries';
import { type HistoryEntry, recordHistory, recordHistoryRows } from './history.queries';

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
/** Moves every alarm of a folder to another folder of its dashboard (a deleted folder's to the trash). */
export async function moveFolderAlarms(trx: DB, at: number, actor: Actor, move: { dashboardId: number; folderId: number; toFolderId: number }) {
  const alarms = await q.alarmsInFolder(trx, move.folderId);
  await moveWithLifecycle(trx, at, actor, { dashboardId: move.dashboardId, alarms, toFolderId: move.toFolderId });
}

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
  /** When the alarm began, if its source says so and it is not later than the raise (default: the raise's time). */
  receivedAt?: number | null;
}

/**
 * Raises an alarm, or with a key adds an occurrence to the open alarm of that key (unseen again).
 * A new alarm names the alarm of its key resolved less than 24 h before (flapping); inside an
 * active maintenance window that matches it lands resolved in the resolved folder; in a folder that
 * is not relevant it is resolved at once.
 */
export async function raise(trx: DB, at: number, actor: Actor, dashboardId: number, alarm: Raise) {
  const [raised] = await raiseMany(trx, [{ at, actor, dashboardId, alarm }]);
  return raised!;
}

export type Raised = { alarmId: number; grouped: boolean; maintenance: boolean; events: AlarmEvent[] };

/** An alarm of this batch: in the database already (its id), or one this batch writes (its index among the new ones). */
type Ref = { id: number } | { fresh: number };
type OpenAlarm = { ref: Ref; folderId: number; lastOccurredAt: number; order: number };
type ResolvedAlarm = { ref: Ref; resolvedAt: number; order: number };

/**
 * `raise` for many alarms at once, in the given order, with the statements of the whole batch: one
 * lookup of the open and recently resolved alarms of every key, the dashboards' folders and
 * maintenance windows once, one insert of the new alarms, one update per grouped alarm, one insert
 * of the history. The result is what raising them one by one would have stored: a repeat in the
 * batch joins an alarm the batch raised before it, and a key resolved at once in the batch is the
 * previous alarm of the next alarm of that key.
 */
export async function raiseMany(trx: DB, raises: { at: number; actor: Actor; dashboardId: number; alarm: Raise }[]): Promise<Raised[]> {
  if (raises.length === 0) return [];
  const keyOf = (dashboardId: number, key: string) => `${dashboardId}\u0000${key}`;
  const keyed = raises.filter((r) => r.alarm.key !== null);
  const dashboardIds = [...new Set(keyed.map((r) => r.dashboardId))];
  const keys = [...new Set(keyed.map((r) => r.alarm.key!))];
  const open = new Map<string, OpenAlarm[]>();
  const resolved = new Map<string, ResolvedAlarm[]>();
  const push = <T>(map: Map<string, T[]>, k: string, v: T) => map.set(k, [...(map.get(k) ?? []), v]);
  if (keys.length) {
    for (const a of await q.openAlarmsOfKeys(trx, dashboardIds, keys))
      push(open, keyOf(a.dashboardId, a.groupKey!), { ref: { id: a.id }, folderId: a.folderId, lastOccurredAt: a.lastOccurredAt, order: a.id });
  }
  // Read once, when the first new alarm with a key needs it (a batch of repeats only never does).
  let resolvedRead: Promise<void> | undefined;
  const readResolved = () =>
    (resolvedRead ??= (async () => {
      const since = Math.min(...keyed.map((r) => r.at)) - FLAPPING_SECONDS;
      for (const a of await q.resolvedAlarmsOfKeys(trx, dashboardIds, keys, since))
        push(resolved, keyOf(a.dashboardId, a.groupKey!), { ref: { id: a.id }, resolvedAt: a.resolvedAt!, order: a.id });
    })());
  const dashboards = new Map<
    number,
    Promise<{ folders: Awaited<ReturnType<typeof foldersOfDashboard>>; windows: Awaited<ReturnType<typeof activeWindows>> }>
  >();
  const dashboardOf = (id: number) => {
    if (!dashboards.has(id)) {
      const ats = raises.filter((r) => r.dashboardId === id).map((r) => r.at);
      dashboards.set(
        id,
        (async () => ({ folders: await foldersOfDashboard(trx, id), windows: await activeWindows(trx, id, Math.min(...ats), Math.max(...ats)) }))(),
      );
    }
    return dashboards.get(id)!;
  };
  const resolvedFolders = new Map<number, number>();
  const resolvedFolderOf = async (id: number) => {
    if (!resolvedFolders.has(id)) resolvedFolders.set(id, await resolvedFolderIdOf(trx, id));
    return resolvedFolders.get(id)!;
  };

  const fresh: (q.NewAlarm & { previous?: Ref })[] = [];
  /** Per grouped alarm already stored: occurrences added, the last one's time. */
  const grown = new Map<number, { count: number; at: number; entries: number[] }>();
  const history: (Omit<HistoryEntry, 'alarmId'> & { alarm: Ref; at: number; actor: Actor })[] = [];
  const results: (Omit<Raised, 'alarmId' | 'events'> & { alarm: Ref; folderId: number })[] = [];
  let order = Number.MAX_SAFE_INTEGER / 2;
  for (const { at, actor, dashboardId, alarm } of raises) {
    const k = alarm.key === null ? null : keyOf(dashboardId, alarm.key);
    const since = alarm.windowSeconds === null ? null : at - alarm.windowSeconds;
    // The alarm a repeat joins: the open alarm of the key (one in a relevant folder) that occurred last, within the window; the newest of equals.
    const target = (k === null ? [] : (open.get(k) ?? []))
      .filter((a) => since === null || a.lastOccurredAt >= since)
      .reduce<OpenAlarm | undefined>(
        (best, a) => (!best || a.lastOccurredAt > best.lastOccurredAt || (a.lastOccurredAt === best.lastOccurredAt && a.order > best.order) ? a : best),
        undefined,
      );
    if (target) {
      const count = alarm.occurrences ?? 1;
      target.lastOccurredAt = at;
      const emailDetail = alarm.alarmEmailId ? { alarmEmailId: alarm.alarmEmailId } : {};
      const entry = history.push({ alarm: target.ref, at, actor, event: 'occurred', details: { occurrences: 0, ...emailDetail } }) - 1;
      if ('fresh' in target.ref) {
        const row = fresh[target.ref.fresh]!;
        row.occurrences = (row.occurrences ?? 1) + count;
        row.lastOccurredAt = at;
        history[entry]!.details!.occurrences = row.occurrences;
      } else {
        const g = grown.get(target.ref.id) ?? { count: 0, at, entries: [] };
        g.count += count;
        g.at = at;
        g.entries.push(entry, count);
        grown.set(target.ref.id, g);
      }
      results.push({ alarm: target.ref, folderId: target.folderId, grouped: true, maintenance: false });
      continue;
    }
    // Flapping: the alarm of the key resolved last within 24 h, the newest of equals.
    if (k !== null) await readResolved();
    const previous =
      k === null
        ? undefined
        : (resolved.get(k) ?? [])
            .filter((a) => a.resolvedAt >= at - FLAPPING_SECONDS)
            .reduce<ResolvedAlarm | undefined>(
              (best, a) => (!best || a.resolvedAt > best.resolvedAt || (a.resolvedAt === best.resolvedAt && a.order > best.order) ? a : best),
              undefined,
            );
    const { folders, windows } = await dashboardOf(dashboardId);
    const window = windowMatching(windows, at, alarm);
    const folderId = window ? await resolvedFolderOf(dashboardId) : alarm.folderId;
    const folder = folders.find((f) => f.id === folderId)!;
    const cause: Cause | null = window ? { by: 'MAINTENANCE' } : folder.relevant ? null : { by: 'SYSTEM' };
    const { windowSeconds: _, key, receivedAt, ...values } = alarm;
    const ref = { fresh: fresh.length };
    fresh.push({
      ...values,
      dashboardId,
      folderId,
      receivedAt: receivedAt != null && receivedAt < at ? receivedAt : at,
      lastOccurredAt: at,
      groupKey: key,
      previousAlarmId: previous && 'id' in previous.ref ? previous.ref.id : null,
      previous: previous?.ref,
      resolution: cause,
    });
    order++;
    if (k !== null) {
      if (cause) push(resolved, k, { ref, resolvedAt: at, order });
      else push(open, k, { ref, folderId, lastOccurredAt: at, order });
    }
    history.push({
      alarm: ref,
      at,
      actor,
      event: 'created',
      details: {
        folder: { id: folder.id, label: folder.label },
        priority: alarm.priority,
        ...(alarm.alarmEmailId ? { alarmEmailId: alarm.alarmEmailId } : {}),
      },
    });
    if (cause)
      history.push({
        alarm: ref,
        at,
        actor,
        event: 'resolved',
        details: { ...resolutionDetails(cause), ...(window ? { maintenanceWindowId: window.id } : {}) },
      });
    results.push({ alarm: ref, folderId, grouped: false, maintenance: Boolean(window) });
  }

  const ids = await q.insertAlarms(
    trx,
    fresh.map(({ previous: _, ...row }) => row),
  );
  const idOf = (ref: Ref) => ('id' in ref ? ref.id : ids[ref.fresh]!);
  // An alarm resolved at once earlier in this batch is the previous alarm of the next one of its key.
  for (const [i, row] of fresh.entries()) if (row.previous && 'fresh' in row.previous) await q.setPreviousAlarm(trx, ids[i]!, idOf(row.previous));
  for (const [id, g] of grown) {
    let occurrences = (await q.addOccurrence(trx, id, g.at, g.count)) - g.count;
    for (let i = 0; i < g.entries.length; i += 2) history[g.entries[i]!]!.details!.occurrences = occurrences += g.entries[i + 1]!;
  }
  await recordHistoryRows(
    trx,
    history.map(({ alarm, ...entry }) => ({ ...entry, alarmId: idOf(alarm) })),
  );
  return results.map(({ alarm, folderId, ...r }) => {
    const alarmId = idOf(alarm);
    return { ...r, alarmId, events: [alarmEvent(r.grouped ? 'changed' : 'created', alarmId, folderId), countsEvent] };
  });
}
