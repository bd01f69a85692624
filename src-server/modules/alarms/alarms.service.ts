/**
 * Alarm work (DESIGN.md §7): read, create (API, phone, parsers), change one field, move and
 * delete many in one transaction, trash semantics (to the trash; from the trash for good) and
 * assignees limited to the dashboard's users. Every change is published to open consoles.
 */
import type { AlarmDetail, CreateAlarm } from '@/domain/alarm';
import type { Priority } from '@/domain/alarm-dashboard';
import type { User } from '@/domain/user';
import { type Clock, epochSeconds } from '../../clock';
import type { DB } from '../../db/database';
import { notFound, invalidField } from '../../errors';
import type { AlarmEvent, EventBus } from '../../events/event-bus';
import { dashboardDefaults } from '../alarm-dashboards/alarm-dashboards.queries';
import { dashboardUsersById } from '../alarm-dashboards/alarm-dashboards.service';
import { folderOfDashboard, landingFolderId, trashFolderId } from '../alarm-dashboards/folders.queries';
import * as q from './alarms.queries';

export interface AlarmDeps {
  db: DB;
  clock: Clock;
  events: EventBus;
}

const ABSENT = 'Dit alarm bestaat niet.';
const counts: AlarmEvent = { event: 'counts', data: {} };
const alarmEvent = (type: 'created' | 'changed' | 'moved' | 'deleted', alarmId: number, folderId: number | null): AlarmEvent => ({
  event: 'alarm',
  data: { type, alarmId, folderId },
});

async function load(db: DB, user: User, alarmId: number) {
  const found = await q.findAlarm(db, alarmId, user);
  if (!found) throw notFound(ABSENT);
  return found;
}

export const getAlarm = async (db: DB, user: User, alarmId: number): Promise<AlarmDetail> => (await load(db, user, alarmId)).detail;

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
  groupKey?: string | null;
  alarmEmailId?: number | null;
}

/**
 * Raises an alarm on a dashboard whose access was checked (API, phone, parsers): the dashboard's
 * default priority and folder unless given (a default folder that is gone means the inbox).
 */
export async function raiseAlarm(deps: AlarmDeps, dashboardId: number, alarm: NewAlarm): Promise<number> {
  const { db, clock } = deps;
  const defaults = await dashboardDefaults(db, dashboardId);
  // A folder named by the caller must be the dashboard's (a field error, not a silent fallback).
  if (alarm.folderId) await ownFolder(db, dashboardId, alarm.folderId);
  const folderId = await landingFolderId(db, dashboardId, [alarm.folderId]);
  const id = await q.insertAlarm(db, {
    dashboardId,
    folderId,
    line: alarm.line,
    priority: alarm.priority ?? defaults.defaultPriority,
    receivedAt: epochSeconds(clock),
    deadlineAt: alarm.deadlineAt ?? null,
    data: alarm.data ?? {},
    groupKey: alarm.groupKey ?? null,
    alarmEmailId: alarm.alarmEmailId ?? null,
  });
  deps.events.publish(dashboardId, [alarmEvent('created', id, folderId), counts]);
  return id;
}

export interface ParsedAlarm {
  line: string;
  priority: Priority;
  data: Record<string, string>;
  deadlineAt: number | null;
  /** A folder of the dashboard, resolved by the caller. */
  folderId: number;
  alarmEmailId: number;
  group: { key: string; windowMinutes: number } | null;
}

/**
 * A parsed e-mail's alarm, inside the caller's transaction: with a group, a repeat within the window
 * of an alarm in a relevant folder adds an occurrence to it (unseen again); else a new alarm. Answers
 * the events to publish once the transaction has committed.
 */
export async function raiseParsedAlarm(db: DB, at: number, dashboardId: number, alarm: ParsedAlarm) {
  const { group, ...values } = alarm;
  const target = group ? await q.repeatTarget(db, dashboardId, group.key, at - group.windowMinutes * 60) : undefined;
  if (target) {
    await q.addOccurrence(db, target.id, at);
    return { alarmId: target.id, grouped: true, events: [alarmEvent('changed', target.id, target.folderId), counts] };
  }
  const id = await q.insertAlarm(db, { ...values, dashboardId, receivedAt: at, groupKey: group?.key ?? null });
  return { alarmId: id, grouped: false, events: [alarmEvent('created', id, values.folderId), counts] };
}

export async function createAlarm(deps: AlarmDeps, user: User, { dashboardId, ...alarm }: CreateAlarm) {
  return getAlarm(deps.db, user, await raiseAlarm(deps, dashboardId, alarm));
}

type Change = { deadlineAt: number | null } | { notes: string } | { folderId: number } | { priority: Priority } | { seen: boolean };

/** Changes one field of an alarm and answers the alarm as it is now. */
export async function changeAlarm(deps: AlarmDeps, user: User, alarmId: number, change: Change) {
  const { db } = deps;
  const { detail, dashboardId } = await load(db, user, alarmId);
  if ('folderId' in change) await ownFolder(db, dashboardId, change.folderId);
  const values = 'seen' in change ? { seen: change.seen ? 1 : 0 } : change;
  await q.updateAlarm(db, alarmId, values, epochSeconds(deps.clock));
  const moved = 'folderId' in change && change.folderId !== detail.folderId;
  const countsChange = moved || 'seen' in change || 'priority' in change;
  deps.events.publish(dashboardId, [
    alarmEvent(moved ? 'moved' : 'changed', alarmId, moved ? change.folderId : detail.folderId),
    ...(countsChange ? [counts] : []),
  ]);
  return getAlarm(db, user, alarmId);
}

/** Alarms to the trash; those already in the trash are deleted for good. One transaction. */
async function discard(deps: AlarmDeps, dashboardId: number, alarms: { id: number; folderId: number }[]) {
  if (alarms.length === 0) return;
  const trash = await trashFolderId(deps.db, dashboardId);
  const gone = alarms.filter((a) => a.folderId === trash).map((a) => a.id);
  const trashed = alarms.filter((a) => a.folderId !== trash).map((a) => a.id);
  await deps.db.transaction().execute(async (trx) => {
    if (gone.length) await q.deleteAlarmRows(trx, gone);
    if (trashed.length) await q.moveAlarms(trx, trashed, trash, epochSeconds(deps.clock));
  });
  deps.events.publish(dashboardId, [...gone.map((id) => alarmEvent('deleted', id, null)), ...trashed.map((id) => alarmEvent('moved', id, trash)), counts]);
}

export async function deleteAlarm(deps: AlarmDeps, user: User, alarmId: number) {
  const { detail, dashboardId } = await load(deps.db, user, alarmId);
  await discard(deps, dashboardId, [{ id: alarmId, folderId: detail.folderId }]);
}

/** The alarms with these ids in the dashboard (and folder, when given); a missing one is a 404. */
async function alarmsByIds(db: DB, dashboardId: number, ids: number[], folderId?: number) {
  const found = await q.alarmsOfDashboard(db, dashboardId, ids);
  const missing = ids.find((id) => !found.some((a) => a.id === id && (folderId === undefined || a.folderId === folderId)));
  if (missing !== undefined) throw notFound(`Alarm ${missing} bestaat niet${folderId === undefined ? '' : ' in deze map'}.`);
  return found;
}

/** Moves alarms of the folder's dashboard into the folder, all or none. */
export async function moveAlarmsTo(deps: AlarmDeps, folder: { id: number; dashboardId: number }, ids: number[]) {
  const alarms = await alarmsByIds(deps.db, folder.dashboardId, ids);
  await q.moveAlarms(deps.db, ids, folder.id, epochSeconds(deps.clock));
  deps.events.publish(folder.dashboardId, [...alarms.filter((a) => a.folderId !== folder.id).map((a) => alarmEvent('moved', a.id, folder.id)), counts]);
}

export async function deleteAlarmsIn(deps: AlarmDeps, folder: { id: number; dashboardId: number }, ids: number[]) {
  await discard(deps, folder.dashboardId, await alarmsByIds(deps.db, folder.dashboardId, ids, folder.id));
}

/** Every alarm of the folder to the trash (in the trash: deleted for good). */
export async function clearFolder(deps: AlarmDeps, folder: { id: number; dashboardId: number }) {
  const ids = (await q.alarmIdsInFolder(deps.db, folder.id)).map((a) => a.id);
  await discard(
    deps,
    folder.dashboardId,
    ids.map((id) => ({ id, folderId: folder.id })),
  );
}

export async function alarmAssignees(db: DB, user: User, alarmId: number) {
  const { dashboardId } = await load(db, user, alarmId);
  return dashboardUsersById(db, dashboardId, await q.assigneeIds(db, alarmId));
}

export async function assign(deps: AlarmDeps, user: User, alarmId: number, userId: number) {
  const { dashboardId, detail } = await load(deps.db, user, alarmId);
  await dashboardUsersById(deps.db, dashboardId, [userId]).catch(() => {
    throw invalidField('userId', 'Deze gebruiker kan niet aan alarmen van dit dashboard worden toegewezen.');
  });
  await deps.db.transaction().execute((trx) => q.addAssignee(trx, alarmId, userId));
  deps.events.publish(dashboardId, [alarmEvent('changed', alarmId, detail.folderId), counts]);
  return alarmAssignees(deps.db, user, alarmId);
}

export async function unassign(deps: AlarmDeps, user: User, alarmId: number, userId: number) {
  const { dashboardId, detail } = await load(deps.db, user, alarmId);
  await deps.db.transaction().execute((trx) => q.removeAssignee(trx, alarmId, userId));
  deps.events.publish(dashboardId, [alarmEvent('changed', alarmId, detail.folderId), counts]);
}
