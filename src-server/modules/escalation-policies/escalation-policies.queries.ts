/** Escalation policies per dashboard, and the escalations that walk them. */
import type { Insertable, Updateable } from 'kysely';
import type { User } from '@/domain/user';
import type { DB } from '../../platform/db/database';
import { visibleDashboardIds } from '../alarm-dashboards/alarm-dashboards.queries';
import type { EscalationPolicyTable, EscalationRow, StopReason } from './escalation-policies.table';

export const policiesOfDashboard = (db: DB, dashboardId: number) =>
  db.selectFrom('escalationPolicy').selectAll().where('dashboardId', '=', dashboardId).orderBy('id').execute();

/** A policy of a dashboard the user may open; undefined for a foreign id. */
export const findVisiblePolicy = (db: DB, user: User, id: number) =>
  db.selectFrom('escalationPolicy').selectAll().where('id', '=', id).where('dashboardId', 'in', visibleDashboardIds(db, user)).executeTakeFirst();

export const findPolicy = (db: DB, id: number) => db.selectFrom('escalationPolicy').selectAll().where('id', '=', id).executeTakeFirst();

export async function policyDashboard(db: DB, id: number) {
  return (await db.selectFrom('escalationPolicy').select('dashboardId').where('id', '=', id).executeTakeFirst())?.dashboardId;
}

export const insertPolicy = (db: DB, values: Insertable<EscalationPolicyTable>) =>
  db.insertInto('escalationPolicy').values(values).returning('id').executeTakeFirstOrThrow();

export const updatePolicy = (db: DB, id: number, values: Updateable<EscalationPolicyTable>) =>
  db.updateTable('escalationPolicy').set(values).where('id', '=', id).execute();

export const deletePolicy = (db: DB, id: number) => db.deleteFrom('escalationPolicy').where('id', '=', id).execute();

/** Starts an escalation unless this rule already escalates this alarm; answers the new row, else undefined. */
export const insertEscalation = (
  db: DB,
  values: { ruleId: number; policyId: number; alarmId: number; dashboardId: number; startedAt: number; dueAt: number },
) =>
  db
    .insertInto('escalation')
    .values(values)
    .onConflict((oc) => oc.columns(['ruleId', 'alarmId']).doNothing())
    .returningAll()
    .executeTakeFirst();

/** Escalations whose next step is due, the longest due first. */
export const dueEscalations = (db: DB, now: number, limit: number) =>
  db.selectFrom('escalation').selectAll().where('dueAt', '<=', now).orderBy('dueAt').orderBy('id').limit(limit).execute();

/**
 * Takes step number `sent` of an escalation: moves `sent` on and sets the next due time, guarded on
 * `sent` being what was read, so a step goes out once even when two runs see it.
 */
export async function claimStep(
  db: DB,
  e: EscalationRow,
  values: { dueAt: number | null; lastUsers: string; stoppedAt: number | null; stopReason: StopReason | null },
) {
  const result = await db
    .updateTable('escalation')
    .set({ ...values, sent: e.sent + 1 })
    .where('id', '=', e.id)
    .where('sent', '=', e.sent)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends an escalation without another step. */
export const stopEscalation = (db: DB, id: number, values: { stoppedAt: number; stopReason: StopReason; stoppedBy: string | null }) =>
  db
    .updateTable('escalation')
    .set({ ...values, dueAt: null })
    .where('id', '=', id)
    .execute();

export const escalationsOfAlarm = (db: DB, alarmId: number) =>
  db
    .selectFrom('escalation')
    .innerJoin('escalationPolicy', 'escalationPolicy.id', 'escalation.policyId')
    .selectAll('escalation')
    .select(['escalationPolicy.name as policyName', 'escalationPolicy.steps', 'escalationPolicy.repeat'])
    .where('escalation.alarmId', '=', alarmId)
    .orderBy('escalation.id')
    .execute();
