/** Notification rows: created from the history, claimed and finished by the job, listed per dashboard. */
import { type Insertable, sql } from 'kysely';
import type { NotificationChannel, NotificationStatus } from '@/domain/notification';
import type { User } from '@/domain/user';
import type { DB } from '../../platform/db/database';
import { visibleDashboardIds } from '../alarm-dashboards/alarm-dashboards.queries';
import type { AlarmFacts } from './alarm-message';
import type { NotificationRuleRow, NotificationTable } from './notifications.table';

export async function historyCursor(db: DB) {
  const row = await db.selectFrom('notificationCursor').select('lastHistoryId').where('name', '=', 'history').executeTakeFirst();
  return row?.lastHistoryId ?? 0;
}

export const setHistoryCursor = (db: DB, lastHistoryId: number) =>
  db
    .insertInto('notificationCursor')
    .values({ name: 'history', lastHistoryId })
    .onConflict((oc) => oc.column('name').doUpdateSet({ lastHistoryId }))
    .execute();

/** The newest history row's id (0 without history). */
export async function lastHistoryId(db: DB) {
  const row = await db
    .selectFrom('alarmHistory')
    .select((eb) => eb.fn.max('id').as('last'))
    .executeTakeFirst();
  return row?.last ?? 0;
}

/** History rows with what the rules match on (the alarm's dashboard, priority, resolution). */
const historyRows = (db: DB) =>
  db
    .selectFrom('alarmHistory')
    .innerJoin('alarm', 'alarm.id', 'alarmHistory.alarmId')
    .select([
      'alarmHistory.id',
      'alarmHistory.at',
      'alarmHistory.alarmId',
      'alarmHistory.event',
      'alarmHistory.details',
      'alarm.dashboardId',
      'alarm.priority',
      'alarm.resolutionBy',
    ]);

/** History after the cursor. */
export const historyAfter = (db: DB, after: number, limit: number) =>
  historyRows(db).where('alarmHistory.id', '>', after).orderBy('alarmHistory.id').limit(limit).execute();

/** History rows that have appeared at ids the cursor passed while they were missing. */
export const historyInGaps = (db: DB, limit: number) =>
  historyRows(db).innerJoin('notificationHistoryGap', 'notificationHistoryGap.historyId', 'alarmHistory.id').orderBy('alarmHistory.id').limit(limit).execute();

/** Remembers ids the cursor passed while they were missing (already remembered ones keep their time). */
export async function rememberGaps(db: DB, historyIds: number[], seenAt: number) {
  for (let i = 0; i < historyIds.length; i += 1000) {
    await db
      .insertInto('notificationHistoryGap')
      .values(historyIds.slice(i, i + 1000).map((historyId) => ({ historyId, seenAt })))
      .onConflict((oc) => oc.column('historyId').doNothing())
      .execute();
  }
}

/** Forgets gaps that were filled, and those seen before `before` (their transaction rolled back, or the row was deleted). */
export async function forgetGaps(db: DB, filled: number[], before: number) {
  if (filled.length) await db.deleteFrom('notificationHistoryGap').where('historyId', 'in', filled).execute();
  await db.deleteFrom('notificationHistoryGap').where('seenAt', '<', before).execute();
}

/** Inserts what is new; a row for the same rule, alarm and event already there stays as it is. */
export async function insertNotifications(db: DB, rows: Insertable<NotificationTable>[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('notification')
    .values(rows)
    .onConflict((oc) => oc.columns(['ruleId', 'alarmId', 'event', 'recipient']).doNothing())
    .execute();
}

/** The alarms of these ids a rule has announced (any notification but `resolved`). */
export async function announcedAlarmIds(db: DB, ruleId: number, alarmIds: number[]) {
  if (alarmIds.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('notification')
    .select('alarmId')
    .where('ruleId', '=', ruleId)
    .where('alarmId', 'in', alarmIds)
    .where('event', '!=', 'resolved')
    .execute();
  return new Set(rows.map((r) => r.alarmId));
}

interface Escalation {
  ruleId: number;
  dashboardId: number;
  channel: NotificationRuleRow['channelType'];
  priorities: string[];
  now: number;
  /** When the rule was made: what was already due then is not news (see each query). */
  since: number;
}

/** Open, unacknowledged alarms received `minutes` ago or longer: one `unacknowledged` row each, once. */
export function insertUnacknowledged(db: DB, e: Escalation, minutes: number) {
  const before = e.now - minutes * 60;
  return insertEscalation(db, e, 'unacknowledged', (q) =>
    q
      .where('acknowledgedAt', 'is', null)
      .where('receivedAt', '<=', before)
      .where('receivedAt', '>', e.since - minutes * 60),
  );
}

/**
 * Open alarms whose deadline has passed: one `overdue` row each, once. Only where that is news
 * since the rule was made: the deadline passed after it, or the alarm was raised after it (with a
 * deadline already past), or its deadline was set after it (e.g. moved into the past).
 */
export function insertOverdue(db: DB, e: Escalation) {
  return insertEscalation(db, e, 'overdue', (q) =>
    q
      .where('deadlineAt', 'is not', null)
      .where('deadlineAt', '<=', e.now)
      .where((eb) =>
        eb.or([
          eb('deadlineAt', '>', e.since),
          eb('receivedAt', '>', e.since),
          eb.exists(
            eb
              .selectFrom('alarmHistory')
              .select('alarmHistory.id')
              .whereRef('alarmHistory.alarmId', '=', 'alarm.id')
              .where('alarmHistory.event', '=', 'deadline')
              .where('alarmHistory.at', '>', e.since),
          ),
        ]),
      ),
  );
}

type AlarmQuery = ReturnType<typeof openAlarms>;
const openAlarms = (db: DB, e: Escalation) =>
  db
    .selectFrom('alarm')
    .where('dashboardId', '=', e.dashboardId)
    .where('resolvedAt', 'is', null)
    .where('priority', 'in', e.priorities as never);

async function insertEscalation(db: DB, e: Escalation, event: 'unacknowledged' | 'overdue', narrow: (q: AlarmQuery) => AlarmQuery) {
  await db
    .insertInto('notification')
    .columns(['ruleId', 'dashboardId', 'alarmId', 'event', 'channel', 'status', 'createdAt', 'nextAttemptAt'])
    .expression(
      narrow(openAlarms(db, e)).select([
        sql.lit(e.ruleId).as('ruleId'),
        sql.lit(e.dashboardId).as('dashboardId'),
        'id',
        sql.lit(event).as('event'),
        sql.lit(e.channel).as('channel'),
        sql.lit('PENDING').as('status'),
        sql.lit(e.now).as('createdAt'),
        sql.lit(e.now).as('nextAttemptAt'),
      ]),
    )
    .onConflict((oc) => oc.columns(['ruleId', 'alarmId', 'event', 'recipient']).doNothing())
    .execute();
}

/**
 * Due rows taken in turns: the oldest due of every dashboard and channel first, then the second
 * of each, and so on (at most `perGroup` of each), so one dashboard's backlog never stands between
 * another dashboard and its first delivery. Only channels with a free slot are asked for.
 */
export function fairDueNotifications(db: DB, now: number, channels: readonly string[], perGroup: number, limit: number) {
  if (channels.length === 0 || perGroup <= 0 || limit <= 0) return Promise.resolve([]);
  // Ranked on narrow rows (a burst leaves thousands due); whole rows are read only for those taken.
  const ranked = db
    .selectFrom('notification')
    .select(['id', 'nextAttemptAt', sql<number>`row_number() over (partition by "dashboardId", "channel" order by "nextAttemptAt", "id")`.as('turn')])
    .where('status', '=', 'PENDING')
    .where('nextAttemptAt', '<=', now)
    .where('channel', 'in', channels as NotificationChannel[]);
  return db
    .selectFrom(ranked.as('due'))
    .innerJoin('notification', 'notification.id', 'due.id')
    .selectAll('notification')
    .where('due.turn', '<=', perGroup)
    .orderBy('due.turn')
    .orderBy('due.nextAttemptAt')
    .orderBy('due.id')
    .limit(limit)
    .execute();
}

/**
 * Takes due rows for one attempt each in one statement: counts the attempt and moves
 * `nextAttemptAt` to `leaseUntil`. Answers the ids taken; a row another run took first is left out.
 */
export async function claimNotifications(db: DB, ids: number[], now: number, leaseUntil: number): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .updateTable('notification')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), nextAttemptAt: leaseUntil }))
    .where('id', 'in', ids)
    .where('status', '=', 'PENDING')
    .where('nextAttemptAt', '<=', now)
    .returning('id')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Takes a due row for one attempt: counts it and moves `nextAttemptAt` to `leaseUntil`, so a
 * process that dies mid-attempt leaves it due again then (one retry, the same delivery id).
 */
export async function claimNotification(db: DB, id: number, dueAt: number, leaseUntil: number) {
  const result = await db
    .updateTable('notification')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), nextAttemptAt: leaseUntil }))
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .where('nextAttemptAt', '=', dueAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves a running attempt's lease from `until` to `next`; false when the attempt's outcome was stored meanwhile. */
export async function renewClaim(db: DB, id: number, until: number, next: number) {
  const result = await db
    .updateTable('notification')
    .set({ nextAttemptAt: next })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .where('nextAttemptAt', '=', until)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface NotificationFinish {
  status: NotificationStatus;
  lastError: string | null;
  sentAt: number | null;
  nextAttemptAt: number | null;
  reached?: string | null;
}

const FINISH_CHUNK = 500;

/**
 * Stores attempts' outcomes: rows that ended the same way (an escalation step's hundreds of sent
 * messages, one moment) in one statement, instead of one each.
 */
export async function finishNotifications(db: DB, finishes: { id: number; values: NotificationFinish }[]): Promise<void> {
  const alike = new Map<string, { values: NotificationFinish; ids: number[] }>();
  for (const { id, values } of finishes) {
    const key = JSON.stringify([values.status, values.lastError, values.sentAt, values.nextAttemptAt, values.reached]);
    const group = alike.get(key);
    if (group) group.ids.push(id);
    else alike.set(key, { values, ids: [id] });
  }
  for (const { values, ids } of alike.values()) {
    for (let i = 0; i < ids.length; i += FINISH_CHUNK) {
      await db
        .updateTable('notification')
        .set(values)
        .where('id', 'in', ids.slice(i, i + FINISH_CHUNK))
        .execute();
    }
  }
}

/** What the webhook and the mail say about an alarm. */
export async function alarmFacts(db: DB, alarmId: number): Promise<AlarmFacts | undefined> {
  const row = await db
    .selectFrom('alarm')
    .innerJoin('alarmDashboard', 'alarmDashboard.id', 'alarm.dashboardId')
    .innerJoin('alarmFolder', 'alarmFolder.id', 'alarm.folderId')
    .leftJoin('location', 'location.id', 'alarm.locationId')
    .select([
      'alarm.id',
      'alarm.dashboardId',
      'alarmDashboard.name as dashboardName',
      'alarm.groupKey as key',
      'alarm.line',
      'alarm.priority',
      'alarm.receivedAt',
      'alarm.resolvedAt',
      'alarm.acknowledgedAt',
      'alarm.data',
      'alarm.folderId',
      'alarmFolder.name as folderName',
      'alarmFolder.label as folderLabel',
      'alarm.occurrences',
      'location.name as locationName',
      'location.streetAddress',
      'location.zipcode',
      'location.city',
    ])
    .where('alarm.id', '=', alarmId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { locationName, streetAddress, zipcode, city, ...facts } = row;
  const address = [streetAddress, [zipcode, city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return { ...facts, location: locationName === null ? null : { name: locationName, address } };
}

/** The thread root of an alarm's mails: the first notification mail's Message-ID, set once. */
export async function threadRoot(db: DB, alarmId: number, messageId: string) {
  await db
    .insertInto('alarmMailThread')
    .values({ alarmId, messageId })
    .onConflict((oc) => oc.column('alarmId').doNothing())
    .execute();
  return (await db.selectFrom('alarmMailThread').select('messageId').where('alarmId', '=', alarmId).executeTakeFirstOrThrow()).messageId;
}

/** A dashboard's notifications, newest first, with their rule's name and their alarm's line. */
export function notificationsOfDashboard(db: DB, dashboardId: number, status: NotificationStatus | undefined) {
  let q = db
    .selectFrom('notification')
    .innerJoin('alarm', 'alarm.id', 'notification.alarmId')
    .leftJoin('notificationRule', 'notificationRule.id', 'notification.ruleId')
    .where('notification.dashboardId', '=', dashboardId);
  if (status) q = q.where('notification.status', '=', status);
  return q;
}

/** A notification of a dashboard the user may open; undefined for a foreign id. */
export const findVisibleNotification = (db: DB, user: User, id: number) =>
  db.selectFrom('notification').selectAll().where('id', '=', id).where('dashboardId', 'in', visibleDashboardIds(db, user)).executeTakeFirst();

/** Due again now; a manual retry of a FAILED notification is one more attempt (with backoff while it keeps failing within 24 h of its creation). */
export const retryNotification = (db: DB, id: number, now: number) =>
  db.updateTable('notification').set({ status: 'PENDING', nextAttemptAt: now }).where('id', '=', id).execute();
