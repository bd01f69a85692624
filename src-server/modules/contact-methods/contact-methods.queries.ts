/** Contact methods per user. */
import type { Insertable } from 'kysely';
import type { DB } from '../../platform/db/database';
import type { ContactMethodTable } from './contact-methods.table';

export const methodsOfUser = (db: DB, userId: number) => db.selectFrom('contactMethod').selectAll().where('userId', '=', userId).orderBy('id').execute();

/** The stored methods of several users, for an escalation step. */
export const methodsOfUsers = (db: DB, userIds: number[]) =>
  userIds.length === 0 ? Promise.resolve([]) : db.selectFrom('contactMethod').selectAll().where('userId', 'in', userIds).orderBy('id').execute();

/** The methods of these ids that still exist, whoever's (the caller matches each to its user). */
export const methodsByIds = (db: DB, ids: number[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom('contactMethod').selectAll().where('id', 'in', ids).execute();

/** A method of this user; undefined for another user's or an unknown id. */
export const findOwnMethod = (db: DB, userId: number, id: number) =>
  db.selectFrom('contactMethod').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst();

export const insertMethod = (db: DB, values: Insertable<ContactMethodTable>) =>
  db.insertInto('contactMethod').values(values).returning('id').executeTakeFirstOrThrow();

export const deleteMethod = (db: DB, id: number) => db.deleteFrom('contactMethod').where('id', '=', id).execute();

/** Makes the account-address method of each of these users that has none yet. */
export async function ensureOwnAddresses(db: DB, userIds: number[], createdAt: number) {
  if (userIds.length === 0) return;
  await db
    .insertInto('contactMethod')
    .values(userIds.map((userId) => ({ userId, type: 'EMAIL' as const, target: '', createdAt })))
    .onConflict((oc) => oc.columns(['userId', 'type', 'target']).doNothing())
    .execute();
}

/** Every stored method of one type (their targets sealed or plain, as the adapter stored them). */
export const methodsOfType = (db: DB, type: ContactMethodTable['type']) => db.selectFrom('contactMethod').selectAll().where('type', '=', type).execute();

/** Whether any user has a method of this type. */
export const anyMethodOfType = async (db: DB, type: ContactMethodTable['type']) =>
  (await db.selectFrom('contactMethod').select('id').where('type', '=', type).limit(1).executeTakeFirst()) !== undefined;

export const replaceTarget = (db: DB, id: number, target: string) => db.updateTable('contactMethod').set({ target }).where('id', '=', id).execute();
