import type { ListQuery } from '@/domain/paging';
import type { User } from '@/domain/user';
import type { DB } from '../../platform/db/database';
import { contains, pageCount, pageWindow } from '../../platform/db/listing';
import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { organizationScope } from '../../platform/db/tenancy';
import type { NewUserRow, UserRow } from './users.table';

export function findUserByEmail(db: DB, email: string) {
  return db.selectFrom('user').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: DB, id: number) {
  return db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countUsers(db: DB): Promise<number> {
  const { count } = await db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
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

export async function setUserLocations(db: DB, userId: number, locationIds: number[]) {
  await db.deleteFrom('userLocation').where('userId', '=', userId).execute();
  if (locationIds.length)
    await db
      .insertInto('userLocation')
      .values(locationIds.map((locationId) => ({ userId, locationId })))
      .execute();
}

/** The columns of a user row that `toUser` reads. */
export type PublicColumns = Pick<UserRow, 'id' | 'type' | 'email' | 'fullName' | 'organizationId'>;

/** The public shape of a user: no hash, no tokens. */
export function toUser(row: PublicColumns, locationIds: number[]): User {
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

/** Users with their customer locations, two queries however many rows. */
async function withLocations(db: DB, rows: PublicColumns[]): Promise<User[]> {
  const customerIds = rows.filter((r) => r.type === 'customer').map((r) => r.id);
  const links = customerIds.length
    ? await db.selectFrom('userLocation').select(['userId', 'locationId']).where('userId', 'in', customerIds).orderBy('locationId').execute()
    : [];
  return rows.map((row) =>
    toUser(
      row,
      links.filter((l) => l.userId === row.id).map((l) => l.locationId),
    ),
  );
}

/** The name and address of each of these users that still exists, for reaching several people at once. */
export const contactsOfUsers = (db: DB, ids: number[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom('user').select(['id', 'email', 'fullName']).where('id', 'in', ids).execute();

export async function loadUser(db: DB, id: number): Promise<User | undefined> {
  const row = await findUserById(db, id);
  return row ? (await withLocations(db, [row]))[0] : undefined;
}

const publicColumns = ['user.id', 'user.type', 'user.email', 'user.fullName', 'user.organizationId'] as const;

/** An installer sees the customers linked to its organization's locations; a customer only itself. */
const userVisibleTo = (actor: User) => (eb: ExpressionBuilder<Database, 'user'>) => {
  if (actor.type === 'customer') return eb('user.id', '=', actor.id);
  if (actor.type === 'admin') return sql<SqlBool>`1 = 1`;
  return eb.and([
    eb('user.type', '=', 'customer'),
    eb.exists(
      eb
        .selectFrom('userLocation')
        .innerJoin('location', 'location.id', 'userLocation.locationId')
        .select('userLocation.userId')
        .whereRef('userLocation.userId', '=', 'user.id')
        .where(organizationScope(actor, 'location.organizationId')),
    ),
  ]);
};

function visibleUsers(db: DB, actor: User, query?: string) {
  let q = db.selectFrom('user').where(userVisibleTo(actor));
  if (query) q = q.where((eb) => eb.or([contains(eb.ref('user.email'), query), contains(eb.ref('user.fullName'), query)]));
  return q;
}

/** How many users of each type the actor may see. */
export async function countVisibleUsersByType(db: DB, actor: User): Promise<Record<User['type'], number>> {
  const rows = await visibleUsers(db, actor)
    .select((eb) => ['user.type', eb.fn.countAll<number>().as('n')])
    .groupBy('user.type')
    .execute();
  const count = (type: User['type']) => Number(rows.find((r) => r.type === type)?.n ?? 0);
  return { admin: count('admin'), installer: count('installer'), customer: count('customer') };
}

export async function listUsers(db: DB, actor: User, list: ListQuery) {
  const { total } = await visibleUsers(db, actor, list.query)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await visibleUsers(db, actor, list.query)
    .select(publicColumns)
    .orderBy('user.email')
    .limit(pageWindow(list).limit)
    .offset(pageWindow(list).offset)
    .execute();
  return { rows: await withLocations(db, rows), totalNumberOfPages: pageCount(total, list) };
}

export async function findVisibleUser(db: DB, actor: User, id: number): Promise<User | undefined> {
  const row = await visibleUsers(db, actor).select(publicColumns).where('user.id', '=', id).executeTakeFirst();
  return row ? (await withLocations(db, [row]))[0] : undefined;
}

export function updateUserRow(db: DB, id: number, values: { email: string; fullName: string | null; organizationId?: number }) {
  return db.updateTable('user').set(values).where('id', '=', id).execute();
}

/** A new password is the user's own: it is never the one-time one printed at the first start. */
export function setPasswordHash(db: DB, id: number, passwordHash: string) {
  return db.updateTable('user').set({ passwordHash, oneTimePassword: 0 }).where('id', '=', id).execute();
}

/** Whether the user still signs in with the one-time password printed at the first start. */
export async function hasOneTimePassword(db: DB, id: number) {
  const row = await db.selectFrom('user').select('oneTimePassword').where('id', '=', id).executeTakeFirst();
  return row?.oneTimePassword === 1;
}

export function deleteUserRow(db: DB, id: number) {
  return db.deleteFrom('user').where('id', '=', id).execute();
}

export async function countCustomersOfLocation(db: DB, locationId: number) {
  const { n } = await db
    .selectFrom('userLocation')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('locationId', '=', locationId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function countInstallersOfOrganization(db: DB, organizationId: number) {
  const { n } = await db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organizationId', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The users who may work an organization's alarms: every admin and that organization's installers. */
function assignable(db: DB, organizationId: number, query?: string) {
  let q = db
    .selectFrom('user')
    .where((eb) => eb.or([eb('user.type', '=', 'admin'), eb.and([eb('user.type', '=', 'installer'), eb('user.organizationId', '=', organizationId)])]));
  if (query) q = q.where((eb) => eb.or([contains(eb.ref('user.email'), query), contains(eb.ref('user.fullName'), query)]));
  return q;
}

export async function listAssignableUsers(db: DB, organizationId: number, list: ListQuery) {
  const { total } = await assignable(db, organizationId, list.query)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const users = await assignable(db, organizationId, list.query)
    .select(['user.id', 'user.fullName', 'user.email'])
    .orderBy('user.fullName')
    .orderBy('user.email')
    .limit(pageWindow(list).limit)
    .offset(pageWindow(list).offset)
    .execute();
  return { users, totalNumberOfPages: pageCount(total, list) };
}

/** Of these ids, the assignable users, in the order asked. */
export async function assignableUsers(db: DB, organizationId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await assignable(db, organizationId).select(['user.id', 'user.fullName', 'user.email']).where('user.id', 'in', ids).execute();
  return ids.flatMap((id) => rows.filter((r) => r.id === id));
}

/**
 * Who may be on call for these organizations: every admin (organizationId null, a member of all)
 * and their installers, by name.
 */
export function membersOfOrganizations(db: DB, organizationIds: number[]) {
  return db
    .selectFrom('user')
    .select(['user.id', 'user.type', 'user.organizationId', 'user.fullName', 'user.email'])
    .where((eb) =>
      eb.or([
        eb('user.type', '=', 'admin'),
        ...(organizationIds.length ? [eb.and([eb('user.type', '=', 'installer'), eb('user.organizationId', 'in', organizationIds)])] : []),
      ]),
    )
    .orderBy('user.fullName')
    .orderBy('user.email')
    .execute();
}

/** The customers linked to a location (its monthly mail's recipients), by id. */
export function customersOfLocation(db: DB, locationId: number) {
  return db
    .selectFrom('userLocation')
    .innerJoin('user', 'user.id', 'userLocation.userId')
    .select(['user.id', 'user.email', 'user.fullName'])
    .where('userLocation.locationId', '=', locationId)
    .where('user.type', '=', 'customer')
    .orderBy('user.id')
    .execute();
}
