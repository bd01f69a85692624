/** Action tokens: made per notification, looked up by hash, spent once, swept after they expire. */
import type { AlarmAction } from '@/domain/alarm-action';
import type { DB } from '../../platform/db/database';

type NewToken = { tokenHash: string; alarmId: number; userId: number; createdAt: number; expiresAt: number };

/** Stores the tokens of one batch of notifications in one statement. */
export async function insertTokens(db: DB, values: NewToken[]) {
  // Well under either engine's limit on bound parameters (5 a row).
  for (let i = 0; i < values.length; i += 500)
    await db
      .insertInto('actionToken')
      .values(values.slice(i, i + 500))
      .execute();
}

export const findToken = (db: DB, tokenHash: string) => db.selectFrom('actionToken').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();

/** Spends a token that is still unused and valid; false when another request spent it first or it expired meanwhile. */
export async function spendToken(db: DB, id: number, action: AlarmAction, now: number) {
  const result = await db
    .updateTable('actionToken')
    .set({ usedAt: now, action })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a spent token back when the action it was spent on failed, so the person can try again. */
export const unspendToken = (db: DB, id: number) => db.updateTable('actionToken').set({ usedAt: null, action: null }).where('id', '=', id).execute();

/** Forgets tokens that expired more than a week ago (the page still says "verlopen" for a week). */
export const deleteExpiredTokens = (db: DB, before: number) => db.deleteFrom('actionToken').where('expiresAt', '<', before).execute();
