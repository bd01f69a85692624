import type { Contact } from '@/domain/organization';
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

const organizationColumns = [
  'organization.id',
  'organization.name',
  'organization.contactPhone',
  'organization.contactEmail',
  'organization.contactHours',
] as const;
type OrganizationRow = { id: number; name: string; contactPhone: string | null; contactEmail: string | null; contactHours: string | null };
const withContact = ({ contactPhone, contactEmail, contactHours, ...row }: OrganizationRow) => ({
  ...row,
  contact: { phone: contactPhone, email: contactEmail, hours: contactHours },
});

export async function listOrganizations(db: DB, user: User, list: ListQuery) {
  const { total } = await visibleOrganizations(db, user, list.query)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await visibleOrganizations(db, user, list.query)
    .select(organizationColumns)
    .orderBy('organization.name')
    .orderBy('organization.id')
    .limit(pageWindow(list).limit)
    .offset(pageWindow(list).offset)
    .execute();
  return { rows: rows.map(withContact), totalNumberOfPages: pageCount(total, list) };
}

export async function allVisibleOrganizations(db: DB, user: User) {
  const rows = await visibleOrganizations(db, user).select(organizationColumns).orderBy('organization.name').orderBy('organization.id').execute();
  return rows.map(withContact);
}

export async function countVisibleOrganizations(db: DB, user: User) {
  const { n } = await visibleOrganizations(db, user)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function findOrganization(db: DB, user: User, id: number) {
  const row = await visibleOrganizations(db, user).select(organizationColumns).where('organization.id', '=', id).executeTakeFirst();
  return row && withContact(row);
}

/** An organization's contact block, unscoped: for the status its customers read and the mails they get. */
export async function contactOfOrganization(db: DB, id: number): Promise<{ name: string; contact: Required<Contact> } | undefined> {
  const row = await db.selectFrom('organization').select(organizationColumns).where('organization.id', '=', id).executeTakeFirst();
  return row && withContact(row);
}

const contactColumns = (contact: Contact | undefined) => ({ contactPhone: contact?.phone, contactEmail: contact?.email, contactHours: contact?.hours });

export async function insertOrganization(db: DB, name: string, contact: Contact | undefined, createdAt: number) {
  const { id } = await db
    .insertInto('organization')
    .values({ name, ...contactColumns(contact), createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Absent fields (and absent parts of the contact block) keep their stored values. */
export async function updateOrganizationRow(db: DB, id: number, change: { name?: string; contact?: Contact }) {
  const set = { name: change.name, ...contactColumns(change.contact) };
  if (Object.values(set).every((value) => value === undefined)) return;
  await db.updateTable('organization').set(set).where('id', '=', id).execute();
}

export function deleteOrganizationRow(db: DB, id: number) {
  return db.deleteFrom('organization').where('id', '=', id).execute();
}
