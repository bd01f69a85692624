import type { ListQuery } from '@/domain/paging';
import type { User } from '@/domain/user';
import type { DB } from '../../platform/db/database';
import { contains, pageCount, pageWindow } from '../../platform/db/listing';
import { organizationScope } from '../../platform/db/tenancy';

function visibleOrganizations(db: DB, user: User, query?: string) {
  let q = db.selectFrom('organization').where(organizationScope(user, 'organization.id'));
  if (query) q = q.where((eb) => contains(eb.ref('organization.name'), query));
  return q;
}

export async function listOrganizations(db: DB, user: User, list: ListQuery) {
  const { total } = await visibleOrganizations(db, user, list.query)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await visibleOrganizations(db, user, list.query)
    .select(['organization.id', 'organization.name'])
    .orderBy('organization.name')
    .orderBy('organization.id')
    .limit(pageWindow(list).limit)
    .offset(pageWindow(list).offset)
    .execute();
  return { rows, totalNumberOfPages: pageCount(total, list) };
}

export function allVisibleOrganizations(db: DB, user: User) {
  return visibleOrganizations(db, user).select(['organization.id', 'organization.name']).orderBy('organization.name').orderBy('organization.id').execute();
}

export async function countVisibleOrganizations(db: DB, user: User) {
  const { n } = await visibleOrganizations(db, user)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export function findOrganization(db: DB, user: User, id: number) {
  return visibleOrganizations(db, user).select(['organization.id', 'organization.name']).where('organization.id', '=', id).executeTakeFirst();
}

export async function insertOrganization(db: DB, name: string, createdAt: number) {
  const { id } = await db.insertInto('organization').values({ name, createdAt }).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function renameOrganization(db: DB, id: number, name: string) {
  return db.updateTable('organization').set({ name }).where('id', '=', id).execute();
}

export function deleteOrganizationRow(db: DB, id: number) {
  return db.deleteFrom('organization').where('id', '=', id).execute();
}
