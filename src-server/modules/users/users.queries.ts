import type { User } from '@/domain/user';
import type { DB } from '../../db/database';
import type { NewUserRow, UserRow } from './users.table';

export function findUserByEmail(db: DB, email: string) {
  return db.selectFrom('user').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: DB, id: number) {
  return db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countUsers(db: DB): Promise<number> {
  const { count } = await db.selectFrom('user').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertUser(db: DB, row: NewUserRow): Promise<number> {
  const { id } = await db.insertInto('user').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function locationIdsOfUser(db: DB, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('userLocation').select('locationId').where('userId', '=', userId).orderBy('locationId').execute();
  return rows.map((r) => r.locationId);
}

/** The public shape of a user: no hash, no tokens. */
export function toUser(row: Pick<UserRow, 'id' | 'type' | 'email' | 'fullName' | 'organizationId'>, locationIds: number[]): User {
  const base = { id: row.id, email: row.email, fullName: row.fullName };
  switch (row.type) {
    case 'admin':
      return { ...base, type: 'admin' };
    case 'installer':
      return { ...base, type: 'installer', organizationId: row.organizationId! };
    case 'customer':
      return { ...base, type: 'customer', locationIds };
  }
}

export async function loadUser(db: DB, id: number): Promise<User | undefined> {
  const row = await findUserById(db, id);
  if (!row) return undefined;
  return toUser(row, row.type === 'customer' ? await locationIdsOfUser(db, id) : []);
}
