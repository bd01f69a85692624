/** What the Systeem page and /metrics read from the database: sizes, holders, mail sources, counts. */
import { sql } from 'kysely';
import { type DB, engineOf } from '../../platform/db/database';

/** Bytes the database takes: SQLite's pages, or PostgreSQL's database. */
export async function databaseBytes(db: DB): Promise<number> {
  const { rows } =
    engineOf(db) === 'postgres'
      ? await sql<{ n: number }>`select pg_database_size(current_database()) as "n"`.execute(db)
      : await sql<{ n: number }>`select page_count * page_size as "n" from pragma_page_count(), pragma_page_size()`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Live leases and job locks, by owner (an instance). */
export async function liveHolds(db: DB, now: number): Promise<{ owner: string; name: string; until: number }[]> {
  const leases = await db.selectFrom('lease').select(['owner', 'name', 'expiresAt as until']).where('expiresAt', '>', now).execute();
  const locks = await db
    .selectFrom('jobRun')
    .select(['lockedBy', 'name', 'lockedUntil'])
    .where('lockedUntil', '>', now)
    .where('lockedBy', 'is not', null)
    .execute();
  return [...leases, ...locks.map((l) => ({ owner: l.lockedBy!, name: l.name, until: l.lockedUntil! }))];
}

export function mailSourceHealth(db: DB) {
  return db
    .selectFrom('mailSource')
    .innerJoin('alarmDashboard', 'alarmDashboard.id', 'mailSource.dashboardId')
    .select([
      'mailSource.id',
      'mailSource.name',
      'mailSource.type',
      'alarmDashboard.name as dashboardName',
      'mailSource.lastCheckedAt',
      'mailSource.lastError',
      'mailSource.failureCount',
    ])
    .orderBy('alarmDashboard.name')
    .orderBy('mailSource.name')
    .execute();
}

export async function notificationsSince(db: DB, since: number) {
  return db
    .selectFrom('notification')
    .select(['channel', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('createdAt', '>=', since)
    .groupBy(['channel', 'status'])
    .execute();
}

export async function parseQueueLength(db: DB): Promise<number> {
  const row = await db
    .selectFrom('alarmEmail')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parsingStatus', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Alarms created and resolved after history id `afterId`, by who did it: /metrics adds them up as they come. */
export function alarmEventsAfter(db: DB, afterId: number) {
  return db
    .selectFrom('alarmHistory')
    .select(['event', 'actorType', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('id').as('lastId')])
    .where('id', '>', afterId)
    .where('event', 'in', ['created', 'resolved'])
    .groupBy(['event', 'actorType'])
    .execute();
}

/** The newest successful HUB sync of any feed (UTC seconds), or null. */
export async function lastHubSync(db: DB): Promise<number | null> {
  const row = await db
    .selectFrom('feed')
    .select((eb) => eb.fn.max('lastSuccessAt').as('at'))
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}
