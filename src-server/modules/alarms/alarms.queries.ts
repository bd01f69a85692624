/**
 * Alarm rows: the list and detail shapes (lists: `alarm-lists.queries.ts`), moves and deletes of
 * many, assignees, locations. Functions take `db` first so a transaction fits in.
 */
import { isoFromSeconds } from '../../clock';
import type { ActorType } from '@/domain/alarm-lifecycle';
import type { AlarmDetail, AlarmListItem, AlarmSource, Resolution, ResolutionBy } from '@/domain/alarm';
import type { Priority } from '@/domain/alarm-dashboard';
import type { User } from '@/domain/user';
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { visibleDashboardIds } from '../alarm-dashboards/alarm-dashboards.queries';
import type { AlarmRow } from './alarms.table';

export const PRIORITY_RANK: Record<Priority, number> = { LOW: 1, MEDIUM: 2, HIGH: 3 };

/** What the list's search matches: the line, the data values and an e-mail's subject (the location's name is matched apart). */
const searchTextOf = (line: string, data: Record<string, string>, subject?: string | null) =>
  [line, ...Object.values(data), ...(subject ? [subject] : [])].join('\n').toLowerCase();

async function assigneesOf(db: DB, alarmIds: number[]) {
  const byAlarm = new Map<number, number[]>();
  if (alarmIds.length === 0) return byAlarm;
  const rows = await db.selectFrom('alarmAssignee').select(['alarmId', 'userId']).where('alarmId', 'in', alarmIds).orderBy('userId').execute();
  for (const r of rows) byAlarm.set(r.alarmId, [...(byAlarm.get(r.alarmId) ?? []), r.userId]);
  return byAlarm;
}

const listColumns = [
  'id',
  'line',
  'priority',
  'receivedAt',
  'deadlineAt',
  'seen',
  'occurrences',
  'groupKey',
  'lastOccurredAt',
  'acknowledgedAt',
  'resolvedAt',
  'previousAlarmId',
  'locationId',
  'alarmEmailId',
] as const;
type ListRow = Pick<AlarmRow, (typeof listColumns)[number]> & { creator: ActorType | null };

/** Who created the alarm (its 'created' history entry's actor type), selected with the row: the row's source needs it. */
const creatorColumn = (eb: ExpressionBuilder<Database, 'alarm'>) =>
  eb
    .selectFrom('alarmHistory')
    .select('alarmHistory.actorType')
    .whereRef('alarmHistory.alarmId', '=', 'alarm.id')
    .where('alarmHistory.event', '=', 'created')
    .limit(1)
    .as('creator');

/** The list row's columns with its creator, for `select`. */
export const listSelection = (eb: ExpressionBuilder<Database, 'alarm'>) => [...listColumns.map((c) => `alarm.${c}` as const), creatorColumn(eb)];

/** The names of these locations (the list shows each alarm's location). */
async function locationNames(db: DB, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map<number, string>();
  const rows = await db.selectFrom('location').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * An alarm's source from columns that exist: its e-mail, its key (`energy:` for energy rules) and
 * who created it. A SYSTEM alarm that is no energy alarm is a silence alarm: about mail that stays away.
 */
function sourceOf(r: { alarmEmailId: number | null; groupKey: string | null }, creator: ActorType | null): AlarmSource {
  if (r.alarmEmailId !== null || creator === 'EMAIL') return 'MAIL';
  if (r.groupKey?.startsWith('energy:')) return 'ENERGY';
  if (creator === 'USER') return 'MANUAL';
  if (creator === 'SYSTEM') return 'MAIL';
  return 'HOOK';
}

const locationOf = (id: number | null, names: Map<number, string>) => (id === null || !names.has(id) ? null : { id, name: names.get(id)! });

/** The list items of these rows: their assignees and location names in one query each. */
export async function toListItems<R extends ListRow>(db: DB, rows: R[]) {
  const [assignees, names] = await Promise.all([
    assigneesOf(
      db,
      rows.map((r) => r.id),
    ),
    locationNames(
      db,
      rows.map((r) => r.locationId),
    ),
  ]);
  return rows.map((r) => ({ row: r, item: toListItem(r, assignees.get(r.id) ?? [], names, sourceOf(r, r.creator)) }));
}

/**
 * The dashboard organization's location with this id, or (a CUSTOM parser's answer) with exactly
 * this name; undefined when it is another organization's or does not exist.
 */
export function locationOfOrganization(db: DB, organizationId: number, ref: number | string) {
  const q = db.selectFrom('location').select(['id', 'name']).where('organizationId', '=', organizationId);
  return (typeof ref === 'number' ? q.where('id', '=', ref) : q.where('name', '=', ref)).orderBy('id').limit(1).executeTakeFirst();
}

const toListItem = (r: ListRow, assignees: number[], locations: Map<number, string>, source: AlarmSource): AlarmListItem => ({
  id: r.id,
  line: r.line,
  priority: r.priority,
  receivedAt: isoFromSeconds(r.receivedAt)!,
  deadlineAt: isoFromSeconds(r.deadlineAt),
  assignees,
  seen: r.seen === 1,
  occurrences: r.occurrences,
  key: r.groupKey,
  lastOccurredAt: isoFromSeconds(r.lastOccurredAt)!,
  acknowledgedAt: isoFromSeconds(r.acknowledgedAt),
  resolvedAt: isoFromSeconds(r.resolvedAt),
  previousAlarmId: r.previousAlarmId,
  location: locationOf(r.locationId, locations),
  source,
});

const resolutionOf = (r: AlarmRow): Resolution =>
  r.resolutionBy === null
    ? null
    : {
        by: r.resolutionBy,
        ...(r.resolutionUserId === null ? {} : { userId: r.resolutionUserId }),
        ...(r.resolutionEmailId === null ? {} : { alarmEmailId: r.resolutionEmailId }),
      };

/** An alarm of a dashboard the user may open, with its dashboard id. */
export async function findAlarm(db: DB, alarmId: number, user: User) {
  const row = await db
    .selectFrom('alarm')
    .selectAll()
    .select(creatorColumn)
    .where('id', '=', alarmId)
    .where('dashboardId', 'in', visibleDashboardIds(db, user))
    .executeTakeFirst();
  if (!row) return undefined;
  const { item } = (await toListItems(db, [row]))[0]!;
  const detail: AlarmDetail = {
    ...item,
    data: JSON.parse(row.data) as Record<string, string>,
    notes: row.notes,
    folderId: row.folderId,
    alarmEmailId: row.alarmEmailId,
    resolution: resolutionOf(row),
  };
  return { detail, dashboardId: row.dashboardId, groupKey: row.groupKey };
}

/** Of these ids, the alarms of one dashboard, with their folders. */
export function alarmsOfDashboard(db: DB, dashboardId: number, ids: number[]) {
  return db
    .selectFrom('alarm')
    .select(['id', 'folderId', 'resolvedAt', 'acknowledgedAt'])
    .where('dashboardId', '=', dashboardId)
    .where('id', 'in', ids)
    .execute();
}

export function alarmsInFolder(db: DB, folderId: number) {
  return db.selectFrom('alarm').select(['id', 'folderId', 'resolvedAt']).where('folderId', '=', folderId).execute();
}

/** A folder's alarms that its relevance contradicts: resolved ones in a relevant folder, open ones in another. */
export async function alarmsInFolderByResolution(db: DB, folderId: number, relevant: boolean) {
  const rows = await db
    .selectFrom('alarm')
    .select('id')
    .where('folderId', '=', folderId)
    .where('resolvedAt', relevant ? 'is not' : 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

export function markResolved(db: DB, ids: number[], at: number, cause: { by: ResolutionBy; userId?: number | null; alarmEmailId?: number | null }) {
  return db
    .updateTable('alarm')
    .set({ resolvedAt: at, resolutionBy: cause.by, resolutionUserId: cause.userId ?? null, resolutionEmailId: cause.alarmEmailId ?? null, updatedAt: at })
    .where('id', 'in', ids)
    .execute();
}

export function markReopened(db: DB, ids: number[]) {
  return db
    .updateTable('alarm')
    .set({ resolvedAt: null, resolutionBy: null, resolutionUserId: null, resolutionEmailId: null })
    .where('id', 'in', ids)
    .execute();
}

/** Sets `acknowledgedAt` on those not yet acknowledged (and marks them seen when asked); answers their ids. */
export async function markAcknowledged(db: DB, ids: number[], at: number, { seen }: { seen: boolean }) {
  const rows = await db
    .updateTable('alarm')
    .set({ acknowledgedAt: at, ...(seen ? { seen: 1 } : {}), updatedAt: at })
    .where('id', 'in', ids)
    .where('acknowledgedAt', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export function markSeen(db: DB, ids: number[], at: number) {
  return db.updateTable('alarm').set({ seen: 1, updatedAt: at }).where('id', 'in', ids).where('seen', '=', 0).execute();
}

/** The dashboard's alarms with one of these keys in a relevant folder (index alarm_dashboard_key_resolved). */
export function openAlarmsWithKeys(db: DB, dashboardId: number, keys: string[]) {
  return db
    .selectFrom('alarm')
    .select(['id', 'folderId', 'resolvedAt', 'line'])
    .where('dashboardId', '=', dashboardId)
    .where('groupKey', 'in', keys)
    .where('resolvedAt', 'is', null)
    .orderBy('id')
    .execute();
}

/** The latest alarm of this key resolved at or after `since` (a repeat after it is flapping). */
export function recentlyResolved(db: DB, dashboardId: number, key: string, since: number) {
  return db
    .selectFrom('alarm')
    .select('id')
    .where('dashboardId', '=', dashboardId)
    .where('groupKey', '=', key)
    .where('resolvedAt', '>=', since)
    .orderBy('resolvedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertAlarm(
  db: DB,
  values: {
    dashboardId: number;
    folderId: number;
    line: string;
    priority: Priority;
    receivedAt: number;
    deadlineAt: number | null;
    data: Record<string, string>;
    groupKey: string | null;
    alarmEmailId: number | null;
    previousAlarmId: number | null;
    locationId?: number | null;
    occurrences?: number;
    /** The e-mail's subject: searchable with the alarm. */
    subject?: string | null;
  },
) {
  const { subject, ...row } = values;
  const { id } = await db
    .insertInto('alarm')
    .values({
      ...row,
      priorityRank: PRIORITY_RANK[values.priority],
      data: JSON.stringify(values.data),
      searchText: searchTextOf(values.line, values.data, subject),
      lastOccurredAt: values.receivedAt,
      updatedAt: values.receivedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export function updateAlarm(
  db: DB,
  id: number,
  values: Partial<Pick<AlarmRow, 'deadlineAt' | 'notes' | 'folderId' | 'seen'>> & { priority?: Priority },
  at: number,
) {
  const { priority, ...rest } = values;
  return db
    .updateTable('alarm')
    .set({ ...rest, ...(priority ? { priority, priorityRank: PRIORITY_RANK[priority] } : {}), updatedAt: at })
    .where('id', '=', id)
    .execute();
}

export function moveAlarms(db: DB, ids: number[], folderId: number, at: number) {
  return db.updateTable('alarm').set({ folderId, updatedAt: at }).where('id', 'in', ids).execute();
}

export function deleteAlarmRows(db: DB, ids: number[]) {
  return db.deleteFrom('alarm').where('id', 'in', ids).execute();
}

/** Assigns the user to those of the alarms it is not yet assigned to; answers their ids. */
export async function addAssignees(db: DB, alarmIds: number[], userId: number) {
  const already = await db.selectFrom('alarmAssignee').select('alarmId').where('alarmId', 'in', alarmIds).where('userId', '=', userId).execute();
  const fresh = alarmIds.filter((id) => !already.some((a) => a.alarmId === id));
  if (fresh.length === 0) return [];
  await db
    .insertInto('alarmAssignee')
    .values(fresh.map((alarmId) => ({ alarmId, userId })))
    .execute();
  await db
    .updateTable('alarm')
    .set((eb) => ({ assigneeCount: eb('assigneeCount', '+', 1) }))
    .where('id', 'in', fresh)
    .execute();
  return fresh;
}

/** Answers whether the user was assigned. */
export async function removeAssignee(db: DB, alarmId: number, userId: number) {
  const removed = await db.deleteFrom('alarmAssignee').where('alarmId', '=', alarmId).where('userId', '=', userId).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return false;
  await db
    .updateTable('alarm')
    .set((eb) => ({ assigneeCount: eb('assigneeCount', '-', 1) }))
    .where('id', '=', alarmId)
    .execute();
  return true;
}

export async function assigneeIds(db: DB, alarmId: number) {
  return (await assigneesOf(db, [alarmId])).get(alarmId) ?? [];
}

export async function alarmExists(db: DB, id: number) {
  return Boolean(await db.selectFrom('alarm').select('id').where('id', '=', id).executeTakeFirst());
}

/**
 * The alarm a repeat joins: the dashboard's latest open alarm with this group key (one in a relevant
 * folder) whose last occurrence is at or after `since` (null: any).
 */
export async function repeatTarget(db: DB, dashboardId: number, groupKey: string, since: number | null) {
  let q = db
    .selectFrom('alarm')
    .select(['id', 'folderId'])
    .where('dashboardId', '=', dashboardId)
    .where('groupKey', '=', groupKey)
    .where('resolvedAt', 'is', null);
  if (since !== null) q = q.where('lastOccurredAt', '>=', since);
  return q.orderBy('lastOccurredAt', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** One more occurrence (or `count` more): counted, dated and unseen again, so a repeat is noticed; answers the new count. */
export async function addOccurrence(db: DB, id: number, at: number, count = 1) {
  const row = await db
    .updateTable('alarm')
    .set((eb) => ({ occurrences: eb('occurrences', '+', count), lastOccurredAt: at, seen: 0, updatedAt: at }))
    .where('id', '=', id)
    .returning('occurrences')
    .executeTakeFirstOrThrow();
  return row.occurrences;
}

/** Replaces an open alarm's line and data (an energy alarm whose day peak rose since it was raised). */
export function setAlarmText(db: DB, id: number, line: string, data: Record<string, string>, at: number) {
  return db
    .updateTable('alarm')
    .set({ line, data: JSON.stringify(data), searchText: searchTextOf(line, data), updatedAt: at })
    .where('id', '=', id)
    .execute();
}

/** Open alarms about a location on the dashboards the user may open, newest first (index alarm_location). */
export function openAlarmsOfLocation(db: DB, user: User, locationId: number, limit: number) {
  return db
    .selectFrom('alarm')
    .innerJoin('alarmDashboard', 'alarmDashboard.id', 'alarm.dashboardId')
    .innerJoin('alarmFolder', 'alarmFolder.id', 'alarm.folderId')
    .select([
      'alarm.id',
      'alarm.dashboardId',
      'alarmDashboard.name as dashboardName',
      'alarmFolder.name as folderName',
      'alarm.line',
      'alarm.priority',
      'alarm.receivedAt',
      'alarm.occurrences',
      'alarm.groupKey',
    ])
    .where('alarm.locationId', '=', locationId)
    .where('alarm.resolvedAt', 'is', null)
    .where('alarm.dashboardId', 'in', visibleDashboardIds(db, user))
    .orderBy('alarm.receivedAt', 'desc')
    .orderBy('alarm.id', 'desc')
    .limit(limit)
    .execute();
}
