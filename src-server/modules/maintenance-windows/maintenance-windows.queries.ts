/**
 * Maintenance windows: planned outages per dashboard. Matching is RE2 (linear time),
 * so a window's pattern runs on the main thread without risk (see src/domain/alarm-lifecycle.ts).
 */
import { type Insertable, sql } from 'kysely';
import { compileMaintenanceMatch } from '@/domain/maintenance-window';
import type { User } from '@/domain/user';
import type { DB } from '../../platform/db/database';
import { visibleDashboardIds } from '../alarm-dashboards/alarm-dashboards.queries';
import type { MaintenanceWindowTable } from './maintenance-windows.table';

/** The active window at `at` whose pattern (none: every alarm) matches the alarm's key or line. */
export async function matchingWindow(db: DB, dashboardId: number, at: number, alarm: { key: string | null; line: string }) {
  return windowMatching(await activeWindows(db, dashboardId, at, at), at, alarm);
}

type ActiveWindow = { id: number; match: string | null; from: number; to: number };

/** A dashboard's windows active at some moment between `from` and `to` (both included), by id. */
export function activeWindows(db: DB, dashboardId: number, from: number, to: number): Promise<ActiveWindow[]> {
  return db
    .selectFrom('maintenanceWindow')
    .select(['id', 'match', 'from', 'to'])
    .where('dashboardId', '=', dashboardId)
    .where('to', '>', from)
    .where('from', '<=', to)
    .orderBy('id')
    .execute();
}

/** Of `activeWindows`, the first active at `at` whose pattern matches the alarm. */
export function windowMatching(windows: ActiveWindow[], at: number, alarm: { key: string | null; line: string }) {
  return windows.find((w) => {
    if (!(w.to > at && w.from <= at)) return false;
    if (w.match === null) return true;
    const pattern = compileMaintenanceMatch(w.match);
    return pattern !== null && [alarm.key ?? '', alarm.line].some((text) => pattern.matcher(text).find());
  });
}

/** A window of a dashboard the user may open (the row, with its dashboard's id); undefined for a foreign id. */
export function findVisibleWindow(db: DB, user: User, id: number) {
  return db.selectFrom('maintenanceWindow').selectAll().where('id', '=', id).where('dashboardId', 'in', visibleDashboardIds(db, user)).executeTakeFirst();
}

/** Windows with their author's name and e-mail (the author may since have been deleted: null). */
const withAuthor = (db: DB) =>
  db
    .selectFrom('maintenanceWindow')
    .leftJoin('user', 'user.id', 'maintenanceWindow.createdBy')
    .selectAll('maintenanceWindow')
    .select(['user.fullName', 'user.email']);

/** A dashboard's windows: current and planned first (soonest first), then past ones (latest end first). */
export function windowsOfDashboard(db: DB, dashboardId: number, now: number) {
  return withAuthor(db)
    .where('maintenanceWindow.dashboardId', '=', dashboardId)
    .orderBy(sql`"maintenanceWindow"."to" <= ${now}`)
    .orderBy(sql`case when "maintenanceWindow"."to" > ${now} then "maintenanceWindow"."from" else -"maintenanceWindow"."to" end`)
    .orderBy('maintenanceWindow.id')
    .execute();
}

export const windowWithAuthor = (db: DB, id: number) => withAuthor(db).where('maintenanceWindow.id', '=', id).executeTakeFirstOrThrow();

export const insertWindow = (db: DB, values: Insertable<MaintenanceWindowTable>) =>
  db.insertInto('maintenanceWindow').values(values).returning('id').executeTakeFirstOrThrow();

export const setWindowEnd = (db: DB, id: number, to: number) => db.updateTable('maintenanceWindow').set({ to }).where('id', '=', id).execute();

export const deleteWindow = (db: DB, id: number) => db.deleteFrom('maintenanceWindow').where('id', '=', id).execute();

/** Windows on these dashboards that have not ended at `now`, soonest first; from, to and note only. */
export async function windowsNotEndedOn(db: DB, dashboardIds: number[], now: number, limit: number) {
  if (dashboardIds.length === 0) return [];
  return db
    .selectFrom('maintenanceWindow')
    .select(['from', 'to', 'note'])
    .where('dashboardId', 'in', dashboardIds)
    .where('to', '>', now)
    .orderBy('from')
    .orderBy('id')
    .limit(limit)
    .execute();
}
