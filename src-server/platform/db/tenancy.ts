/**
 * Tenancy in SQL. `organizationScope` is the one primitive: a where-clause on the
 * column that names a row's organization, keeping what the user may see (admins everything, an
 * installer its organization, a customer nothing). Tables a customer may see add their own rule
 * beside it. Scope in the query, never by filtering loaded rows; a foreign id then reads as absent.
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import type { User } from '@/domain/user';

const always = sql<SqlBool>`1 = 1`;
const never = sql<SqlBool>`1 = 0`;

/** `column` is a qualified reference such as `'feed.organizationId'`; a null column is admin-only. */
export function organizationScope(user: User, column: string): Expression<SqlBool> {
  switch (user.type) {
    case 'admin':
      return always;
    case 'installer':
      return sql<SqlBool>`${sql.ref(column)} = ${user.organizationId}`;
    case 'customer':
      return never;
  }
}

/** Locations: staff by organization, a customer the locations linked to it. */
export function locationScope(user: User, idColumn: string, organizationColumn: string): Expression<SqlBool> {
  if (user.type !== 'customer') return organizationScope(user, organizationColumn);
  return sql<SqlBool>`${sql.ref(idColumn)} in (select "locationId" from "userLocation" where "userId" = ${user.id})`;
}

/** May this user enter the admin area (organizations, locations, users, meters, feeds)? */
export const isStaff = (user: User) => user.type === 'admin' || user.type === 'installer';
