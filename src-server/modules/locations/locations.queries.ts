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
  'location.customerView',
  'location.monthlyMail',
] as const;

type LocationRow = Omit<Location, 'monthlyMail'> & { monthlyMail: number };
const toLocation = ({ monthlyMail, ...row }: LocationRow): Location => ({ ...row, monthlyMail: monthlyMail === 1 });
const toLocations = (rows: LocationRow[]) => rows.map(toLocation);

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
  return { rows: toLocations(rows), totalNumberOfPages: pageCount(total, list) };
}

/** The locations a user may see, by name: what the dashboard home lists. */
export async function listVisibleLocations(db: DB, user: User) {
  return toLocations(await visibleLocations(db, user).select(locationColumns).orderBy('location.name').orderBy('location.id').execute());
}

export async function locationsOfOrganizations(db: DB, user: User, organizationIds: number[]): Promise<Location[]> {
  if (organizationIds.length === 0) return [];
  return toLocations(
    await visibleLocations(db, user)
      .select(locationColumns)
      .where('location.organizationId', 'in', organizationIds)
      .orderBy('location.name')
      .orderBy('location.id')
      .execute(),
  );
}

export async function findLocation(db: DB, user: User, id: number): Promise<Location | undefined> {
  const row = await visibleLocations(db, user).select(locationColumns).where('location.id', '=', id).executeTakeFirst();
  return row && toLocation(row);
}

const monthlyMailValue = (monthlyMail: boolean | undefined) => (monthlyMail === undefined ? undefined : monthlyMail ? 1 : 0);

export async function insertLocation(db: DB, { monthlyMail, ...input }: CreateLocation, createdAt: number) {
  const { id } = await db
    .insertInto('location')
    .values({ ...input, monthlyMail: monthlyMailValue(monthlyMail), createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Absent fields keep their stored values. */
export async function updateLocationRow(db: DB, id: number, { monthlyMail, ...input }: Partial<CreateLocation>) {
  const set = { ...input, monthlyMail: monthlyMailValue(monthlyMail) };
  // A PATCH that names no field changes nothing (and an empty SET is no SQL).
  if (Object.values(set).every((value) => value === undefined)) return;
  await db.updateTable('location').set(set).where('id', '=', id).execute();
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

/** Every location whose customers get the monthly mail (unscoped: for the job), by id. */
export function locationsWithMonthlyMail(db: DB) {
  return db.selectFrom('location').select(['id', 'name', 'organizationId', 'customerView']).where('monthlyMail', '=', 1).orderBy('id').execute();
}
