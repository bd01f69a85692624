/**
 * A location's alarms as its customers may read them: line, priority and times only. Nothing here
 * selects an alarm's data, notes, e-mails, history or people, so nothing of them can reach a customer.
 */
import type { DB } from '../../platform/db/database';

const open = (db: DB, locationId: number) => db.selectFrom('alarm').where('locationId', '=', locationId).where('resolvedAt', 'is', null);

/** Unresolved alarms of a location, most urgent first, then oldest first. */
export function openAlarmsOfLocation(db: DB, locationId: number, limit: number) {
  return open(db, locationId)
    .select(['line', 'priority', 'receivedAt', 'acknowledgedAt'])
    .orderBy('priorityRank', 'desc')
    .orderBy('receivedAt')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function countOpenAlarmsOfLocation(db: DB, locationId: number) {
  const { n } = await open(db, locationId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

const resolvedBetween = (db: DB, locationId: number, from: number, to: number) =>
  db.selectFrom('alarm').where('locationId', '=', locationId).where('resolvedAt', '>=', from).where('resolvedAt', '<', to);

/** Alarms of a location resolved in [from, to), newest resolution first. */
export function resolvedAlarmsOfLocation(db: DB, locationId: number, from: number, to: number, limit: number) {
  return resolvedBetween(db, locationId, from, to)
    .select(['line', 'priority', 'receivedAt', 'resolvedAt'])
    .orderBy('resolvedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .$narrowType<{ resolvedAt: number }>()
    .execute();
}

export async function countResolvedAlarmsOfLocation(db: DB, locationId: number, from: number, to: number) {
  const { n } = await resolvedBetween(db, locationId, from, to)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Alarms of a location first raised in [from, to), oldest first: a month's alarms for the monthly mail. */
export function alarmsOfLocationRaisedBetween(db: DB, locationId: number, from: number, to: number, limit: number) {
  return db
    .selectFrom('alarm')
    .select(['line', 'priority', 'receivedAt', 'resolvedAt'])
    .where('locationId', '=', locationId)
    .where('receivedAt', '>=', from)
    .where('receivedAt', '<', to)
    .orderBy('receivedAt')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function countAlarmsOfLocationRaisedBetween(db: DB, locationId: number, from: number, to: number) {
  const { n } = await db
    .selectFrom('alarm')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('locationId', '=', locationId)
    .where('receivedAt', '>=', from)
    .where('receivedAt', '<', to)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The dashboards that hold any alarm of this location: whose maintenance concerns its customers. */
export async function dashboardIdsOfLocation(db: DB, locationId: number) {
  const rows = await db.selectFrom('alarm').select('dashboardId').distinct().where('locationId', '=', locationId).execute();
  return rows.map((r) => r.dashboardId);
}
