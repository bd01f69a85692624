/**
 * Alarm rows: the list and detail shapes (lists: `alarm-lists.queries.ts`), moves and deletes of
 * many, assignees, locations. Functions take `db` first so a transaction fits in.
 */
import { isoFromSeconds } from '../../platform/clock';
import type { ActorType } from '@/domain/alarm-lifecycle';
import type { AlarmDetail, AlarmListItem, AlarmSource, Resolution, ResolutionBy } from '@/domain/alarm';
import type { Priority } from '@/domain/alarm-dashboard';
import type { User } from '@/domain/user';
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';
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
/** Every location of an organization, by id: a monitoring tool's label is matched against them. */
export function locationsOfOrganization(db: DB, organizationId: number) {
  return db.selectFrom('location').select(['id', 'name']).where('organizationId', '=', organizationId).orderBy('id').execute();
}

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

/** Of these ids, the list items of one dashboard's alarms with their folders (what a console's list shows of them). */
export async function listItemsOfDashboard(db: DB, dashboardId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('alarm')
    .select((eb) => [...listSelection(eb), 'alarm.folderId'])
    .where('alarm.dashboardId', '=', dashboardId)
    .where('alarm.id', 'in', ids)
    .execute();
  return (await toListItems(db, rows)).map(({ row, item }) => ({ ...item, folderId: row.folderId }));
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

export interface NewAlarm {
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
  /** Occurrences added in the same transaction before the row is written: the last one's time (default: received). */
  lastOccurredAt?: number;
  /** Resolved at once (a maintenance window, a folder that is not relevant): at receipt. */
  resolution?: { by: ResolutionBy; alarmEmailId?: number | null } | null;
}

/** New alarms in as few statements as SQLite allows; answers their ids in the given order. */
export async function insertAlarms(db: DB, alarms: NewAlarm[]) {
  const ids: number[] = [];
  // 20 columns a row: chunks of 1,000 stay below SQLite's 32,766 variables.
  for (let i = 0; i < alarms.length; i += 1000) {
    const rows = await db
      .insertInto('alarm')
      .values(
        // Every row names the same columns (a multi-row insert on SQLite has no DEFAULT for one row's gap).
        alarms.slice(i, i + 1000).map((a) => ({
          dashboardId: a.dashboardId,
          folderId: a.folderId,
          line: a.line,
          priority: a.priority,
          priorityRank: PRIORITY_RANK[a.priority],
          receivedAt: a.receivedAt,
          deadlineAt: a.deadlineAt,
          data: JSON.stringify(a.data),
          searchText: searchTextOf(a.line, a.data, a.subject),
          occurrences: a.occurrences ?? 1,
          lastOccurredAt: a.lastOccurredAt ?? a.receivedAt,
          updatedAt: a.lastOccurredAt ?? a.receivedAt,
          groupKey: a.groupKey,
          alarmEmailId: a.alarmEmailId,
          previousAlarmId: a.previousAlarmId,
          locationId: a.locationId ?? null,
          resolvedAt: a.resolution ? a.receivedAt : null,
          resolutionBy: a.resolution?.by ?? null,
          resolutionUserId: null,
          resolutionEmailId: a.resolution?.alarmEmailId ?? null,
        })),
      )
      .returning('id')
      .execute();
    // One statement numbers its rows in their order; RETURNING need not answer them in it.
    ids.push(...rows.map((r) => r.id).sort((a, b) => a - b));
  }
  return ids;
}

/** Open alarms of these dashboards with one of these keys (the candidates a repeat may join). */
export async function openAlarmsOfKeys(db: DB, dashboardIds: number[], keys: string[]) {
  const rows: { id: number; folderId: number; dashboardId: number; groupKey: string | null; lastOccurredAt: number }[] = [];
  for (let i = 0; i < keys.length; i += 1000) {
    rows.push(
      ...(await db
        .selectFrom('alarm')
        .select(['id', 'folderId', 'dashboardId', 'groupKey', 'lastOccurredAt'])
        .where('dashboardId', 'in', dashboardIds)
        .where('groupKey', 'in', keys.slice(i, i + 1000))
        .where('resolvedAt', 'is', null)
        .execute()),
    );
  }
  return rows;
}

/** Alarms of these dashboards with one of these keys resolved at or after `since` (a new alarm of the key names the latest: flapping). */
export async function resolvedAlarmsOfKeys(db: DB, dashboardIds: number[], keys: string[], since: number) {
  const rows: { id: number; dashboardId: number; groupKey: string | null; resolvedAt: number | null }[] = [];
  for (let i = 0; i < keys.length; i += 1000) {
    rows.push(
      ...(await db
        .selectFrom('alarm')
        .select(['id', 'dashboardId', 'groupKey', 'resolvedAt'])
        .where('dashboardId', 'in', dashboardIds)
        .where('groupKey', 'in', keys.slice(i, i + 1000))
        .where('resolvedAt', '>=', since)
        .execute()),
    );
  }
  return rows;
}

/** Of these ids, those whose alarm still exists. */
export async function existingAlarmIds(db: DB, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db.selectFrom('alarm').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export function setPreviousAlarm(db: DB, id: number, previousAlarmId: number) {
  return db.updateTable('alarm').set({ previousAlarmId }).where('id', '=', id).execute();
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

/** The names of the users assigned to these alarms, joined by `, `. */
export async function assigneeNames(db: DB, alarmIds: number[]) {
  const byAlarm = new Map<number, string[]>();
  if (alarmIds.length === 0) return byAlarm;
  const rows = await db
    .selectFrom('alarmAssignee')
    .innerJoin('user', 'user.id', 'alarmAssignee.userId')
    .select(['alarmAssignee.alarmId', 'user.fullName', 'user.email'])
    .where('alarmAssignee.alarmId', 'in', alarmIds)
    .orderBy('user.fullName')
    .execute();
  for (const r of rows) byAlarm.set(r.alarmId, [...(byAlarm.get(r.alarmId) ?? []), r.fullName || r.email]);
  return byAlarm;
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
