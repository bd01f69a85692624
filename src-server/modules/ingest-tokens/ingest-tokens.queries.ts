/** Ingest tokens by dashboard, by id (scoped to what a user may see) and by the token's hash. */
import type { Insertable } from 'kysely';
import type { User } from '@/domain/user';
import type { DB } from '../../platform/db/database';
import { visibleDashboardIds } from '../alarm-dashboards/alarm-dashboards.queries';
import type { IngestTokenTable } from './ingest-tokens.table';

export const tokensOfDashboard = (db: DB, dashboardId: number) =>
  db.selectFrom('ingestToken').select(['id', 'name', 'createdAt', 'lastUsedAt']).where('dashboardId', '=', dashboardId).orderBy('id').execute();

/** A token of a dashboard the user may open; undefined for a foreign id. */
export const findVisibleToken = (db: DB, user: User, id: number) =>
  db.selectFrom('ingestToken').select(['id', 'dashboardId']).where('id', '=', id).where('dashboardId', 'in', visibleDashboardIds(db, user)).executeTakeFirst();

export const tokenByHash = (db: DB, tokenHash: string) =>
  db.selectFrom('ingestToken').select(['id', 'dashboardId', 'name']).where('tokenHash', '=', tokenHash).executeTakeFirst();

export const insertToken = (db: DB, values: Insertable<IngestTokenTable>) =>
  db.insertInto('ingestToken').values(values).returning('id').executeTakeFirstOrThrow();

export const deleteToken = (db: DB, id: number) => db.deleteFrom('ingestToken').where('id', '=', id).execute();

export const markUsed = (db: DB, id: number, at: number) => db.updateTable('ingestToken').set({ lastUsedAt: at }).where('id', '=', id).execute();
