import { sql } from 'kysely';
import type { DB } from '../../platform/db/database';
import type { PublicColumns } from '../users/users.queries';
import type { SessionRow, SessionTable } from './auth.table';

export function insertSession(db: DB, row: SessionTable) {
  return db.insertInto('session').values(row).execute();
}

export function findSession(db: DB, id: string, kind: SessionRow['kind']) {
  return db.selectFrom('session').selectAll().where('id', '=', id).where('kind', '=', kind).executeTakeFirst();
}

/**
 * The access session with its user in one lookup. This runs on every authenticated request, so
 * it is written as plain (portable) SQL: Kysely's builder costs more than the query itself.
 */
export async function findAccessSessionWithUser(db: DB, id: string) {
  const { rows } = await sql<SessionWithUser>`
    select s."id" as "sessionId", s."familyId", s."secretHash", s."expiresAt",
           u."id", u."type", u."email", u."fullName", u."organizationId"
    from "session" s join "user" u on u."id" = s."userId"
    where s."id" = ${id} and s."kind" = 'access'`.execute(db);
  return rows[0];
}

type SessionWithUser = Pick<SessionRow, 'familyId' | 'secretHash' | 'expiresAt'> & PublicColumns & { sessionId: string };

export function extendSession(db: DB, id: string, expiresAt: number) {
  return db.updateTable('session').set({ expiresAt }).where('id', '=', id).execute();
}

/** Marks a refresh token used, keeping the (sealed) pair its rotation gives; false when another request used it first. */
export async function markRefreshUsed(db: DB, id: string, now: number, rotatedTo: string): Promise<boolean> {
  const result = await db.updateTable('session').set({ usedAt: now, rotatedTo }).where('id', '=', id).where('usedAt', 'is', null).executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export function deleteFamily(db: DB, familyId: string) {
  return db.deleteFrom('session').where('familyId', '=', familyId).execute();
}

export function deleteAccessTokensOfFamily(db: DB, familyId: string) {
  return db.deleteFrom('session').where('familyId', '=', familyId).where('kind', '=', 'access').execute();
}

export function deleteSessionsOfUser(db: DB, userId: number, exceptFamilyId?: string) {
  let query = db.deleteFrom('session').where('userId', '=', userId);
  if (exceptFamilyId) query = query.where('familyId', '<>', exceptFamilyId);
  return query.execute();
}

export function deleteExpiredSessions(db: DB, now: number) {
  return db.deleteFrom('session').where('expiresAt', '<=', now).execute();
}
