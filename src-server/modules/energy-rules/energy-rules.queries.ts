/** Energy rules in the database: scoped reads for requests, unscoped ones for the evaluation jobs. */
import type { Insertable, Updateable } from 'kysely';
import type { User } from '@/domain/user';
import type { DB } from '../../platform/db/database';
import { organizationScope } from '../../platform/db/tenancy';
import type { EnergyRuleTable } from './energy-rules.table';

/** A rule of a location the user may manage (admins every one, installers their organization's, customers none). */
export function findVisibleRule(db: DB, user: User, id: number) {
  return db
    .selectFrom('energyRule')
    .innerJoin('location', 'location.id', 'energyRule.locationId')
    .selectAll('energyRule')
    .select('location.organizationId')
    .where('energyRule.id', '=', id)
    .where(organizationScope(user, 'location.organizationId'))
    .executeTakeFirst();
}

export const rulesOfLocation = (db: DB, locationId: number) =>
  db.selectFrom('energyRule').selectAll().where('locationId', '=', locationId).orderBy('name').orderBy('id').execute();

export const ruleById = (db: DB, id: number) => db.selectFrom('energyRule').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const insertRule = (db: DB, values: Insertable<EnergyRuleTable>) => db.insertInto('energyRule').values(values).returning('id').executeTakeFirstOrThrow();

export const updateRule = (db: DB, id: number, values: Updateable<EnergyRuleTable>) => db.updateTable('energyRule').set(values).where('id', '=', id).execute();

export const deleteRule = (db: DB, id: number) => db.deleteFrom('energyRule').where('id', '=', id).execute();

/** Enabled rules with what evaluating them needs: the meter's channels and the names in the alarm line. */
export function evaluationRules(db: DB, filter: { ruleId?: number; channelIds?: number[]; type?: EnergyRuleTable['type'] }) {
  let q = db
    .selectFrom('energyRule')
    .innerJoin('meter', 'meter.id', 'energyRule.meterId')
    .innerJoin('location', 'location.id', 'energyRule.locationId')
    .selectAll('energyRule')
    .select(['meter.name as meterName', 'meter.type as meterType', 'meter.netImportChannelId', 'meter.netExportChannelId', 'location.name as locationName'])
    .where('energyRule.enabled', '=', 1);
  if (filter.ruleId !== undefined) q = q.where('energyRule.id', '=', filter.ruleId);
  if (filter.type !== undefined) q = q.where('energyRule.type', '=', filter.type);
  if (filter.channelIds !== undefined) {
    const ids = filter.channelIds.length ? filter.channelIds : [-1];
    q = q.where((eb) => eb.or([eb('meter.netImportChannelId', 'in', ids), eb('meter.netExportChannelId', 'in', ids)]));
  }
  return q.orderBy('energyRule.id').execute();
}
export type EvaluationRule = Awaited<ReturnType<typeof evaluationRules>>[number];

/** Moves the last evaluated point from `from` to `to`; false when another run moved it first. */
export async function claimEvaluation(db: DB, id: number, from: number, to: number) {
  const result = await db.updateTable('energyRule').set({ evaluatedUntil: to }).where('id', '=', id).where('evaluatedUntil', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets the open NO_DATA key, guarded on the one read (null: none open). */
export async function claimNoDataKey(db: DB, id: number, from: string | null, to: string | null) {
  const result = await db
    .updateTable('energyRule')
    .set({ noDataKey: to })
    .where('id', '=', id)
    .where((eb) => (from === null ? eb('noDataKey', 'is', null) : eb('noDataKey', '=', from)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
