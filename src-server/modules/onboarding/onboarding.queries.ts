import type { DB } from '../../platform/db/database';
import type { UserTokenKind } from '@/domain/onboarding';
import type { NewUserTokenRow } from './onboarding.table';

export function insertUserToken(db: DB, row: NewUserTokenRow) {
  return db.insertInto('userToken').values(row).execute();
}

export function findUserToken(db: DB, kind: UserTokenKind, tokenHash: string) {
  return db.selectFrom('userToken').selectAll().where('kind', '=', kind).where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/** Marks a link used; false when another request used it first. */
export async function markUserTokenUsed(db: DB, id: number, now: number): Promise<boolean> {
  const result = await db.updateTable('userToken').set({ usedAt: now }).where('id', '=', id).where('usedAt', 'is', null).executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** After a password was set from a link: the user's other open links stop working too. */
export function spendUserTokensOfUser(db: DB, userId: number, now: number) {
  return db.updateTable('userToken').set({ usedAt: now }).where('userId', '=', userId).where('usedAt', 'is', null).execute();
}

export function deleteExpiredUserTokens(db: DB, now: number) {
  return db.deleteFrom('userToken').where('expiresAt', '<=', now).execute();
}
