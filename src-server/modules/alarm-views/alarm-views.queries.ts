/** Saved views: one user's named filters on one dashboard. */
import type { User } from '@/domain/user';
import type { DB } from '../../platform/db/database';
import { visibleDashboardIds } from '../alarm-dashboards/alarm-dashboards.queries';

export function viewsOf(db: DB, dashboardId: number, userId: number) {
  return db
    .selectFrom('alarmView')
    .select(['id', 'name', 'filter'])
    .where('dashboardId', '=', dashboardId)
    .where('userId', '=', userId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The caller's own view on a dashboard the caller may still open; anyone else's is absent. */
export function findOwnView(db: DB, user: User, id: number) {
  return db
    .selectFrom('alarmView')
    .select(['id', 'dashboardId', 'name', 'filter'])
    .where('id', '=', id)
    .where('userId', '=', user.id)
    .where('dashboardId', 'in', visibleDashboardIds(db, user))
    .executeTakeFirst();
}

export async function insertView(db: DB, values: { dashboardId: number; userId: number; name: string; filter: Record<string, string>; createdAt: number }) {
  const row = await db
    .insertInto('alarmView')
    .values({ ...values, filter: JSON.stringify(values.filter) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes the given fields; a change without any (`{}`, or only unknown keys) leaves the row as it is. */
export async function updateViewRow(db: DB, id: number, change: { name?: string; filter?: Record<string, string> }) {
  const values = {
    ...(change.name !== undefined ? { name: change.name } : {}),
    ...(change.filter !== undefined ? { filter: JSON.stringify(change.filter) } : {}),
  };
  if (!Object.keys(values).length) return;
  await db.updateTable('alarmView').set(values).where('id', '=', id).execute();
}

export function deleteViewRow(db: DB, id: number) {
  return db.deleteFrom('alarmView').where('id', '=', id).execute();
}
