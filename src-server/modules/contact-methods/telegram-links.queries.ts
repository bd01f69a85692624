/** Telegram link codes and the bot's update cursor. */
import type { DB } from '../../platform/db/database';

export const insertCode = (db: DB, values: { codeHash: string; userId: number; createdAt: number; expiresAt: number }) =>
  db.insertInto('telegramLinkCode').values(values).execute();

/** A new code replaces the user's earlier unused ones. */
export const dropUnusedCodes = (db: DB, userId: number) => db.deleteFrom('telegramLinkCode').where('userId', '=', userId).where('usedAt', 'is', null).execute();

export const findCode = (db: DB, codeHash: string) => db.selectFrom('telegramLinkCode').selectAll().where('codeHash', '=', codeHash).executeTakeFirst();

/** Spends a code once: false when it was used meanwhile. */
export async function spendCode(db: DB, id: number, now: number) {
  const r = await db.updateTable('telegramLinkCode').set({ usedAt: now }).where('id', '=', id).where('usedAt', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Used and expired codes a day on are of no use to anyone. */
export const deleteOldCodes = (db: DB, before: number) => db.deleteFrom('telegramLinkCode').where('expiresAt', '<', before).execute();

export async function cursorOf(db: DB, bot: string) {
  await db
    .insertInto('telegramCursor')
    .values({ bot, nextOffset: 0 })
    .onConflict((oc) => oc.column('bot').doNothing())
    .execute();
  return (await db.selectFrom('telegramCursor').select('nextOffset').where('bot', '=', bot).executeTakeFirstOrThrow()).nextOffset;
}

/**
 * Claims one update: moves the cursor past it unless it already is past it (another instance, or an
 * earlier run, handled it). Run in the transaction that handles the update, so it counts once.
 */
export async function claimUpdate(db: DB, bot: string, updateId: number) {
  const r = await db
    .updateTable('telegramCursor')
    .set({ nextOffset: updateId + 1 })
    .where('bot', '=', bot)
    .where('nextOffset', '<=', updateId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
