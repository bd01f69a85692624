/** The `attempt` table's statements: the shared rate limits' sliding windows (shared-rate-limit.ts). */
import type { DB } from './db/database';

/** Forgets the attempts of one scope (keys `scope:…`) made at or before `since`. */
export async function deleteOldAttempts(db: DB, scope: string, since: number) {
  await db.deleteFrom('attempt').where('key', '>=', `${scope}:`).where('key', '<', `${scope};`).where('at', '<=', since).execute();
}

/** Counts one attempt; its id ranks it among the key's attempts. */
export async function insertAttempt(db: DB, key: string, at: number) {
  return (await db.insertInto('attempt').values({ key, at }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function deleteAttempt(db: DB, id: number) {
  await db.deleteFrom('attempt').where('id', '=', id).execute();
}

/** The key's attempts after `since` up to and including attempt `id`, newest first, at most `limit`. */
export const attemptsUpTo = (db: DB, key: string, id: number, since: number, limit: number) =>
  db.selectFrom('attempt').select('at').where('key', '=', key).where('id', '<=', id).where('at', '>', since).orderBy('id', 'desc').limit(limit).execute();

export async function deleteAttemptsOfKey(db: DB, key: string) {
  await db.deleteFrom('attempt').where('key', '=', key).execute();
}
