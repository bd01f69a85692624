/** Notification rules: stored per dashboard; priorities and events as JSON arrays. */
import type { Insertable, Updateable } from 'kysely';
import type { User } from '@/domain/user';
import type { DB } from '../../platform/db/database';
import { visibleDashboardIds } from '../alarm-dashboards/alarm-dashboards.queries';
import type { NotificationRuleTable } from './notifications.table';

export const rulesOfDashboard = (db: DB, dashboardId: number) =>
  db.selectFrom('notificationRule').selectAll().where('dashboardId', '=', dashboardId).orderBy('id').execute();

/** A rule of a dashboard the user may open; undefined for a foreign id. */
export const findVisibleRule = (db: DB, user: User, id: number) =>
  db.selectFrom('notificationRule').selectAll().where('id', '=', id).where('dashboardId', 'in', visibleDashboardIds(db, user)).executeTakeFirst();

export const findRule = (db: DB, id: number) => db.selectFrom('notificationRule').selectAll().where('id', '=', id).executeTakeFirst();

/** Every enabled rule, for the job: a few per dashboard at most. */
export const enabledRules = (db: DB) => db.selectFrom('notificationRule').selectAll().where('enabled', '=', 1).execute();

export const insertRule = (db: DB, values: Insertable<NotificationRuleTable>) =>
  db.insertInto('notificationRule').values(values).returning('id').executeTakeFirstOrThrow();

export const updateRule = (db: DB, id: number, values: Updateable<NotificationRuleTable>) =>
  db.updateTable('notificationRule').set(values).where('id', '=', id).execute();

export const deleteRule = (db: DB, id: number) => db.deleteFrom('notificationRule').where('id', '=', id).execute();

/** The names of the rules that escalate along this policy. */
export async function ruleNamesUsingPolicy(db: DB, policyId: number) {
  const rows = await db.selectFrom('notificationRule').select('name').where('channelType', '=', 'ESCALATION').where('target', '=', String(policyId)).execute();
  return rows.map((r) => r.name);
}

/** One rule's sealed webhook secret, if any: the start-up check that SECRET_KEY still opens them. */
export const oneSealedSecret = async (db: DB) =>
  (await db.selectFrom('notificationRule').select('secret').where('secret', 'is not', null).limit(1).executeTakeFirst())?.secret ?? undefined;
