/**
 * Alarm work: read, raise (API, phone, parsers; a key groups repeats), change one
 * field, acknowledge, move and delete many in one transaction, resolve by key, trash semantics (to
 * the trash; from the trash for good), assignees limited to the dashboard's users, and the history
 * of it all. Every change is published to open consoles after its transaction.
 */
import { type AlarmDetail, type CreateAlarm, FOREIGN_LOCATION } from '@/domain/alarm';
import type { Priority } from '@/domain/alarm-dashboard';
import type { Actor, HistoryEvent } from '@/domain/alarm-lifecycle';
import type { User } from '@/domain/user';
import { type Clock, epochSeconds, isoFromSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { notFound, invalidField } from '../../platform/errors';
import type { EventBus } from '../../platform/events/event-bus';
import type { Caller } from '../../platform/caller';
import { dashboardDefaults, dashboardOrganizationId } from '../alarm-dashboards/alarm-dashboards.queries';
import { dashboardUsersById } from '../alarm-dashboards/alarm-dashboards.service';
import { folderOfDashboard, landingFolderId, trashFolderId } from '../alarm-folders/alarm-folders.queries';
import * as q from './alarms.queries';
import { historyOf, recordHistory } from './history.queries';
import { type Raise, alarmEvent, countsEvent, moveWithLifecycle, raise, raiseMany, resolveKeys } from './lifecycle';

export interface AlarmDeps {
  db: DB;
  clock: Clock;
  events: EventBus;
}

const ABSENT = 'Dit alarm bestaat niet.';

async function load(db: DB, user: User, alarmId: number) {
  const found = await q.findAlarm(db, alarmId, user);
  if (!found) throw notFound(ABSENT);
  return found;
}

export const getAlarm = async ({ db }: Pick<AlarmDeps, 'db'>, { user }: Caller, alarmId: number): Promise<AlarmDetail> =>
  (await load(db, user, alarmId)).detail;

export async function alarmHistory({ db }: Pick<AlarmDeps, 'db'>, { user }: Caller, alarmId: number) {
  await load(db, user, alarmId);
  return historyOf(db, alarmId);
}

/** The dashboard's folder with this id, else a field error (never another dashboard's folder). */
async function ownFolder(db: DB, dashboardId: number, folderId: number) {
  const folder = await folderOfDashboard(db, dashboardId, folderId);
  if (!folder) throw invalidField('folderId', 'Deze map hoort niet bij dit dashboard.');
  return folder;
}

export interface NewAlarm {
  line: string;
  priority?: Priority;
  data?: Record<string, string>;
  deadlineAt?: number | null;
  folderId?: number | null;
  key?: string | null;
  locationId?: number | null;
}

/**
 * The locations these ids name, each of the dashboard's organization; a foreign or unknown one is
 * a field error at `fieldOf(index)` (the alarm is not raised).
 */
export async function checkLocations(
  { db }: Pick<AlarmDeps, 'db'>,
  dashboardId: number,
  ids: (number | null | undefined)[],
  fieldOf: (index: number) => string,
) {
  if (ids.every((id) => id == null)) return;
  const organizationId = await dashboardOrganizationId(db, dashboardId);
  for (const [index, id] of ids.entries()) {
    if (id != null && !(organizationId !== undefined && (await q.locationOfOrganization(db, organizationId, id))))
      throw invalidField(fieldOf(index), FOREIGN_LOCATION);
  }
}

/**
 * The ids of the locations these references name (a location's id or its exact name, any case),
 * among those of the dashboard's organization; null for a reference that names none.
 */
export async function locationsByRef({ db }: Pick<AlarmDeps, 'db'>, dashboardId: number, refs: (string | null | undefined)[]): Promise<(number | null)[]> {
  if (refs.every((ref) => !ref)) return refs.map(() => null);
  const organizationId = await dashboardOrganizationId(db, dashboardId);
  const locations = organizationId === undefined ? [] : await q.locationsOfOrganization(db, organizationId);
  const byId = new Map(locations.map((l) => [String(l.id), l.id]));
  const byName = new Map<string, number>();
  for (const l of locations) if (!byName.has(l.name.toLowerCase())) byName.set(l.name.toLowerCase(), l.id);
  return refs.map((ref) => (ref ? (byId.get(ref) ?? byName.get(ref.toLowerCase()) ?? null) : null));
}

/**
 * Raises an alarm on a dashboard whose access was checked (API, phone, scripts): the dashboard's
 * default priority and folder unless given. With a key, while an alarm of that key is open, it adds
 * an occurrence to that one instead (PagerDuty's dedup key). Answers the alarm's id.
 */
export async function raiseAlarm(deps: AlarmDeps, { actor }: Pick<Caller, 'actor'>, dashboardId: number, alarm: NewAlarm): Promise<number> {
  const { db } = deps;
  const defaults = await dashboardDefaults(db, dashboardId);
  // A folder named by the caller must be the dashboard's (a field error, not a silent fallback).
  if (alarm.folderId) await ownFolder(db, dashboardId, alarm.folderId);
  await checkLocations(deps, dashboardId, [alarm.locationId], () => 'locationId');
  const folderId = await landingFolderId(db, dashboardId, [alarm.folderId]);
  const at = epochSeconds(deps.clock);
  const raised = await db.transaction().execute((trx) =>
    raise(trx, at, actor, dashboardId, {
      line: alarm.line,
      priority: alarm.priority ?? defaults.defaultPriority,
      data: alarm.data ?? {},
      deadlineAt: alarm.deadlineAt ?? null,
      folderId,
      key: alarm.key ?? null,
      windowSeconds: null,
      alarmEmailId: null,
      locationId: alarm.locationId ?? null,
    }),
  );
  deps.events.publish(dashboardId, raised.events);
  return raised.alarmId;
}

/** Parsed e-mails' alarms, in their order, inside the caller's transaction; answers the events to publish after the commit. */
export const raiseParsedAlarms = ({ db }: Pick<AlarmDeps, 'db'>, raises: { at: number; actor: Actor; dashboardId: number; alarm: Raise }[]) =>
  raiseMany(db, raises);

export async function createAlarm(deps: AlarmDeps, caller: Caller, { dashboardId, ...alarm }: CreateAlarm) {
  return getAlarm(deps, caller, await raiseAlarm(deps, caller, dashboardId, alarm));
}

/** Every open alarm of the dashboard with this key to the resolved folder (resolution API). */
export async function resolveByKey(deps: AlarmDeps, caller: Caller, dashboardId: number, key: string) {
  const at = epochSeconds(deps.clock);
  const { resolved, events } = await deps.db
    .transaction()
    .execute((trx) => resolveKeys(trx, at, caller.actor, dashboardId, [key], { by: 'API', userId: caller.user.id }));
  deps.events.publish(dashboardId, events);
  return { resolved };
}

type Change = { deadlineAt: number | null } | { notes: string } | { folderId: number } | { priority: Priority } | { seen: boolean };

/** The history entry of a one-field change: old and new values (notes by their length). */
function changeEntry(detail: AlarmDetail, change: Exclude<Change, { folderId: number }>): { event: HistoryEvent; details: Record<string, unknown> } {
  if ('deadlineAt' in change) return { event: 'deadline', details: { old: detail.deadlineAt, new: isoFromSeconds(change.deadlineAt) } };
  if ('notes' in change) return { event: 'notes', details: { length: change.notes.length } };
  if ('priority' in change) return { event: 'priority', details: { old: detail.priority, new: change.priority } };
  return { event: 'seen', details: { seen: change.seen } };
}

/** Changes one field of an alarm and answers the alarm as it is now. */
export async function changeAlarm(deps: AlarmDeps, caller: Caller, alarmId: number, change: Change) {
  const { db } = deps;
  const { detail, dashboardId } = await load(db, caller.user, alarmId);
  const at = epochSeconds(deps.clock);
  if ('folderId' in change) {
    await ownFolder(db, dashboardId, change.folderId);
    const alarms = await q.alarmsOfDashboard(db, dashboardId, [alarmId]);
    const events = await db.transaction().execute((trx) => moveWithLifecycle(trx, at, caller.actor, { dashboardId, alarms, toFolderId: change.folderId }));
    deps.events.publish(dashboardId, events.length ? [...events, countsEvent] : [alarmEvent('changed', alarmId, detail.folderId)]);
    return getAlarm(deps, caller, alarmId);
  }
  const unchanged = 'seen' in change ? change.seen === detail.seen : 'priority' in change ? change.priority === detail.priority : false;
  if (!unchanged) {
    const values = 'seen' in change ? { seen: change.seen ? 1 : 0 } : change;
    await db.transaction().execute(async (trx) => {
      await q.updateAlarm(trx, alarmId, values, at);
      await recordHistory(trx, at, caller.actor, [{ alarmId, ...changeEntry(detail, change) }]);
    });
  }
  const countsChange = 'seen' in change || 'priority' in change;
  deps.events.publish(dashboardId, [alarmEvent('changed', alarmId, detail.folderId), ...(countsChange ? [countsEvent] : [])]);
  return getAlarm(deps, caller, alarmId);
}

/** Alarms to the trash (resolved on the way); those already in the trash are deleted for good. One transaction. */
async function discard(deps: AlarmDeps, caller: Caller, dashboardId: number, alarms: { id: number; folderId: number; resolvedAt: number | null }[]) {
  if (alarms.length === 0) return;
  const trash = await trashFolderId(deps.db, dashboardId);
  const gone = alarms.filter((a) => a.folderId === trash).map((a) => a.id);
  const trashed = alarms.filter((a) => a.folderId !== trash);
  const at = epochSeconds(deps.clock);
  const moved = await deps.db.transaction().execute(async (trx) => {
    if (gone.length) await q.deleteAlarmRows(trx, gone);
    return moveWithLifecycle(trx, at, caller.actor, { dashboardId, alarms: trashed, toFolderId: trash });
  });
  deps.events.publish(dashboardId, [...gone.map((id) => alarmEvent('deleted', id, null)), ...moved, countsEvent]);
}

export async function deleteAlarm(deps: AlarmDeps, caller: Caller, alarmId: number) {
  const { dashboardId } = await load(deps.db, caller.user, alarmId);
  await discard(deps, caller, dashboardId, await q.alarmsOfDashboard(deps.db, dashboardId, [alarmId]));
}

/** The alarms with these ids in the dashboard (and folder, when given); a missing one is a 404. */
async function alarmsByIds(db: DB, dashboardId: number, ids: number[], folderId?: number) {
  const found = await q.alarmsOfDashboard(db, dashboardId, ids);
  const missing = ids.find((id) => !found.some((a) => a.id === id && (folderId === undefined || a.folderId === folderId)));
  if (missing !== undefined) throw notFound(`Alarm ${missing} bestaat niet${folderId === undefined ? '' : ' in deze map'}.`);
  return found;
}

/** Moves alarms of the folder's dashboard into the folder, all or none (resolving or reopening them). */
export async function moveAlarmsTo(deps: AlarmDeps, caller: Caller, folder: { id: number; dashboardId: number }, ids: number[]) {
  const alarms = await alarmsByIds(deps.db, folder.dashboardId, ids);
  const at = epochSeconds(deps.clock);
  const events = await deps.db
    .transaction()
    .execute((trx) => moveWithLifecycle(trx, at, caller.actor, { dashboardId: folder.dashboardId, alarms, toFolderId: folder.id }));
  deps.events.publish(folder.dashboardId, [...events, countsEvent]);
}

export async function deleteAlarmsIn(deps: AlarmDeps, caller: Caller, folder: { id: number; dashboardId: number }, ids: number[]) {
  await discard(deps, caller, folder.dashboardId, await alarmsByIds(deps.db, folder.dashboardId, ids, folder.id));
}

/** Every alarm of the folder to the trash (in the trash: deleted for good). */
export async function clearFolder(deps: AlarmDeps, caller: Caller, folder: { id: number; dashboardId: number }) {
  await discard(deps, caller, folder.dashboardId, await q.alarmsInFolder(deps.db, folder.id));
}

/**
 * Acknowledges alarms of one dashboard ("I'm on it"): `acknowledgedAt` is set once and never
 * cleared, they are marked seen, and the caller is assigned when assignable.
 */
export async function acknowledge(deps: AlarmDeps, caller: Caller, dashboardId: number, ids: number[]) {
  await alarmsByIds(deps.db, dashboardId, ids);
  const assignable = await dashboardUsersById(deps, dashboardId, [caller.user.id]).then(
    () => true,
    () => false,
  );
  const at = epochSeconds(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    const acknowledged = await q.markAcknowledged(trx, ids, at, { seen: false });
    // Acknowledging is looking at it: seen, also when it was acknowledged before.
    await q.markSeen(trx, ids, at);
    const assigned = assignable ? await q.addAssignees(trx, ids, caller.user.id) : [];
    await recordHistory(trx, at, caller.actor, [
      ...acknowledged.map((alarmId) => ({ alarmId, event: 'acknowledged' as const })),
      ...assigned.map((alarmId) => ({ alarmId, event: 'assigned' as const, details: { userId: caller.user.id, name: caller.actor.name } })),
    ]);
  });
  deps.events.publish(dashboardId, [...ids.map((id) => alarmEvent('changed', id, null)), countsEvent]);
}

export async function acknowledgeAlarm(deps: AlarmDeps, caller: Caller, alarmId: number) {
  const { dashboardId } = await load(deps.db, caller.user, alarmId);
  await acknowledge(deps, caller, dashboardId, [alarmId]);
  return getAlarm(deps, caller, alarmId);
}

export async function alarmAssignees({ db }: Pick<AlarmDeps, 'db'>, { user }: Caller, alarmId: number) {
  const { dashboardId } = await load(db, user, alarmId);
  return dashboardUsersById({ db }, dashboardId, await q.assigneeIds(db, alarmId));
}

/** Assigns a user of the dashboard; assigning acknowledges the alarm too. */
export async function assign(deps: AlarmDeps, caller: Caller, alarmId: number, userId: number) {
  const { dashboardId, detail } = await load(deps.db, caller.user, alarmId);
  const [assignee] = await dashboardUsersById(deps, dashboardId, [userId]).catch(() => {
    throw invalidField('userId', 'Deze gebruiker kan niet aan alarmen van dit dashboard worden toegewezen.');
  });
  const at = epochSeconds(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    const assigned = await q.addAssignees(trx, [alarmId], userId);
    // Assigning acknowledges without marking seen: the assignee has not looked at it yet.
    const acknowledged = await q.markAcknowledged(trx, [alarmId], at, { seen: false });
    await recordHistory(trx, at, caller.actor, [
      ...assigned.map((id) => ({ alarmId: id, event: 'assigned' as const, details: { userId, name: assignee!.fullName || assignee!.email } })),
      ...acknowledged.map((id) => ({ alarmId: id, event: 'acknowledged' as const })),
    ]);
  });
  deps.events.publish(dashboardId, [alarmEvent('changed', alarmId, detail.folderId), countsEvent]);
  return alarmAssignees(deps, caller, alarmId);
}

export async function unassign(deps: AlarmDeps, caller: Caller, alarmId: number, userId: number) {
  const { dashboardId, detail } = await load(deps.db, caller.user, alarmId);
  const at = epochSeconds(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    if (await q.removeAssignee(trx, alarmId, userId)) await recordHistory(trx, at, caller.actor, [{ alarmId, event: 'unassigned', details: { userId } }]);
  });
  deps.events.publish(dashboardId, [alarmEvent('changed', alarmId, detail.folderId), countsEvent]);
}
