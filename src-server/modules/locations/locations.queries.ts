import type { CreateLocation, Location } from '@/domain/location';
import type { ListQuery } from '@/domain/paging';
import type { User } from '@/domain/user';
import type { DB } from '../../platform/db/database';
import { contains, pageCount, pageWindow } from '../../platform/db/listing';
import { locationScope } from '../../platform/db/tenancy';

function visibleLocations(db: DB, user: User, query?: string) {
  let q = db
    .selectFrom('location')
    .innerJoin('organization', 'organization.id', 'location.organizationId')
    .where(locationScope(user, 'location.id', 'location.organizationId'));
  if (query) {
    q = q.where((eb) =>
      eb.or([contains(eb.ref('location.name'), query), contains(eb.ref('location.city'), query), contains(eb.ref('organization.name'), query)]),
    );
  }
  return q;
}

export async function countVisibleLocations(db: DB, user: User) {
  const { n } = await visibleLocations(db, user)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

const locationColumns = [
  'location.id',
  'location.organizationId',
  'organization.name as organizationName',
  'location.name',
  'location.country',
  'location.state',
  'location.city',
  'location.streetAddress',
  'location.zipcode',
  'location.unit',
] as const;

export async function listLocations(db: DB, user: User, list: ListQuery): Promise<{ rows: Location[]; totalNumberOfPages: number }> {
  const { total } = await visibleLocations(db, user, list.query)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await visibleLocations(db, user, list.query)
    .select(locationColumns)
    .orderBy('location.name')
    .orderBy('location.id')
    .limit(pageWindow(list).limit)
    .offset(pageWindow(list).offset)
    .execute();
  return { rows, totalNumberOfPages: pageCount(total, list) };
}

/** The locations a user may see, by name: what the dashboard home lists. */
export function listVisibleLocations(db: DB, user: User) {
  return visibleLocations(db, user).select(locationColumns).orderBy('location.name').orderBy('location.id').execute();
}

export function locationsOfOrganizations(db: DB, user: User, organizationIds: number[]): Promise<Location[]> {
  if (organizationIds.length === 0) return Promise.resolve([]);
  return visibleLocations(db, user)
    .select(locationColumns)
    .where('location.organizationId', 'in', organizationIds)
    .orderBy('location.name')
    .orderBy('location.id')
    .execute();
}

export function findLocation(db: DB, user: User, id: number): Promise<Location | undefined> {
  return visibleLocations(db, user).select(locationColumns).where('location.id', '=', id).executeTakeFirst();
}

export async function insertLocation(db: DB, input: CreateLocation, createdAt: number) {
  const { id } = await db
    .insertInto('location')
    .values({ ...input, createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export function updateLocationRow(db: DB, id: number, input: CreateLocation) {
  return db.updateTable('location').set(input).where('id', '=', id).execute();
}

export function deleteLocationRow(db: DB, id: number) {
  return db.deleteFrom('location').where('id', '=', id).execute();
}

export async function countLocationsOfOrganization(db: DB, organizationId: number) {
  const { n } = await db
    .selectFrom('location')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organizationId', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(n);
}
