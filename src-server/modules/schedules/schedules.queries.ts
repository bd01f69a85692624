/** On-call schedules, their layers and overrides, and the users' calendar feeds. */
import type { Insertable } from 'kysely';
import type { User } from '@/domain/user';
import type { DB } from '../../platform/db/database';
import { organizationScope } from '../../platform/db/tenancy';
import type { CalendarFeedTable, ScheduleLayerTable } from './schedules.table';

/** Schedules with their organization's name (a read-only join for display). */
const withOrganization = (db: DB) =>
  db
    .selectFrom('schedule')
    .innerJoin('organization', 'organization.id', 'schedule.organizationId')
    .selectAll('schedule')
    .select('organization.name as organizationName');
export type ScheduleWithOrganization = NonNullable<Awaited<ReturnType<typeof findSchedule>>>;

/** Any schedule by id, unscoped (the escalation engine asks by a stored id). */
export const findSchedule = (db: DB, id: number) => withOrganization(db).where('schedule.id', '=', id).executeTakeFirst();

/** A schedule the user may see: admins all, installers their organization's, customers none. */
export const findVisibleSchedule = (db: DB, user: User, id: number) =>
  withOrganization(db).where('schedule.id', '=', id).where(organizationScope(user, 'schedule.organizationId')).executeTakeFirst();

export const schedulesOfOrganization = (db: DB, organizationId: number) =>
  withOrganization(db).where('schedule.organizationId', '=', organizationId).orderBy('schedule.name').orderBy('schedule.id').execute();

export const visibleSchedules = (db: DB, user: User) =>
  withOrganization(db)
    .where(organizationScope(user, 'schedule.organizationId'))
    .orderBy('organization.name')
    .orderBy('schedule.name')
    .orderBy('schedule.id')
    .execute();

export const layersOf = (db: DB, scheduleIds: number[]) =>
  scheduleIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('scheduleLayer').selectAll().where('scheduleId', 'in', scheduleIds).orderBy('scheduleId').orderBy('position').execute();

/** Overrides of these schedules overlapping [from, to) (UTC seconds), oldest made first. */
export const overridesOf = (db: DB, scheduleIds: number[], from: number, to: number) =>
  scheduleIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('scheduleOverride')
        .select(['id', 'scheduleId', 'userId', 'from', 'to'])
        .where('scheduleId', 'in', scheduleIds)
        .where('to', '>', from)
        .where('from', '<', to)
        .orderBy('id')
        .execute();

/** A schedule's overrides that have not ended at `now`, soonest first. */
export const openOverrides = (db: DB, scheduleId: number, now: number) =>
  db
    .selectFrom('scheduleOverride')
    .select(['id', 'scheduleId', 'userId', 'from', 'to'])
    .where('scheduleId', '=', scheduleId)
    .where('to', '>', now)
    .orderBy('from')
    .orderBy('id')
    .execute();

/** The schedules a user has an override on, overlapping [from, to). */
export async function scheduleIdsWithOverridesOf(db: DB, userId: number, from: number, to: number) {
  const rows = await db
    .selectFrom('scheduleOverride')
    .select('scheduleId')
    .distinct()
    .where('userId', '=', userId)
    .where('to', '>', from)
    .where('from', '<', to)
    .execute();
  return rows.map((r) => r.scheduleId);
}

export async function insertSchedule(db: DB, values: { organizationId: number; name: string; now: number }) {
  const { id } = await db
    .insertInto('schedule')
    .values({ organizationId: values.organizationId, name: values.name, createdAt: values.now, updatedAt: values.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export const updateSchedule = (db: DB, id: number, values: { name?: string; updatedAt: number }) =>
  db.updateTable('schedule').set(values).where('id', '=', id).execute();

export const deleteSchedule = (db: DB, id: number) => db.deleteFrom('schedule').where('id', '=', id).execute();

/** The schedule's layers become these, in order. */
export async function replaceLayers(db: DB, scheduleId: number, layers: Omit<Insertable<ScheduleLayerTable>, 'scheduleId' | 'position'>[]) {
  await db.deleteFrom('scheduleLayer').where('scheduleId', '=', scheduleId).execute();
  if (layers.length === 0) return;
  await db
    .insertInto('scheduleLayer')
    .values(layers.map((layer, position) => ({ ...layer, scheduleId, position })))
    .execute();
}

export async function insertOverride(db: DB, values: { scheduleId: number; userId: number; from: number; to: number; createdBy: number; createdAt: number }) {
  const { id } = await db.insertInto('scheduleOverride').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** An override of a schedule the user may see, with its schedule's organization. */
export const findVisibleOverride = (db: DB, user: User, id: number) =>
  db
    .selectFrom('scheduleOverride')
    .innerJoin('schedule', 'schedule.id', 'scheduleOverride.scheduleId')
    .select(['scheduleOverride.id', 'scheduleOverride.scheduleId', 'schedule.organizationId'])
    .where('scheduleOverride.id', '=', id)
    .where(organizationScope(user, 'schedule.organizationId'))
    .executeTakeFirst();

export const deleteOverride = (db: DB, id: number) => db.deleteFrom('scheduleOverride').where('id', '=', id).execute();

export const feedOfUser = (db: DB, userId: number) => db.selectFrom('calendarFeed').selectAll().where('userId', '=', userId).executeTakeFirst();

export const feedByHash = (db: DB, tokenHash: string) => db.selectFrom('calendarFeed').select('userId').where('tokenHash', '=', tokenHash).executeTakeFirst();

/** A user's first feed; a feed made meanwhile by a concurrent request stays. */
export const insertFeed = (db: DB, values: Insertable<CalendarFeedTable>) =>
  db
    .insertInto('calendarFeed')
    .values(values)
    .onConflict((oc) => oc.column('userId').doNothing())
    .execute();

/** A new token for the user's feed: the old address stops working with this statement. */
export const replaceFeed = (db: DB, values: Insertable<CalendarFeedTable>) =>
  db
    .insertInto('calendarFeed')
    .values(values)
    .onConflict((oc) => oc.column('userId').doUpdateSet({ tokenHash: values.tokenHash, tokenSealed: values.tokenSealed, createdAt: values.createdAt }))
    .execute();
