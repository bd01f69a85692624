/**
 * Tenancy in SQL (DESIGN.md §3). Each helper is a where-clause for one table that keeps only the
 * rows the user may see: admins everything, an installer its organization, a customer its own
 * locations. Scope in the query, never by filtering loaded rows; a foreign id then reads as absent.
 */
import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { User } from '@/domain/user';
import type { Database } from './db/schema';

const always = sql<SqlBool>`1 = 1`;
const never = sql<SqlBool>`1 = 0`;

export const organizationVisibleTo =
  (user: User) =>
  (eb: ExpressionBuilder<Database, 'organization'>) => {
    switch (user.type) {
      case 'admin':
        return always;
      case 'installer':
        return eb('organization.id', '=', user.organizationId);
      case 'customer':
        return never;
    }
  };

export const locationVisibleTo =
  (user: User) =>
  (eb: ExpressionBuilder<Database, 'location'>) => {
    switch (user.type) {
      case 'admin':
        return always;
      case 'installer':
        return eb('location.organizationId', '=', user.organizationId);
      case 'customer':
        return eb(
          'location.id',
          'in',
          eb.selectFrom('userLocation').select('userLocation.locationId').where('userLocation.userId', '=', user.id),
        );
    }
  };

/** Users: an installer sees the customers of its organization's locations; a customer only itself. */
export const userVisibleTo =
  (actor: User) =>
  (eb: ExpressionBuilder<Database, 'user'>) => {
    switch (actor.type) {
      case 'admin':
        return always;
      case 'installer':
        return eb.and([
          eb('user.type', '=', 'customer'),
          eb.exists(
            eb
              .selectFrom('userLocation')
              .innerJoin('location', 'location.id', 'userLocation.locationId')
              .select('userLocation.userId')
              .whereRef('userLocation.userId', '=', 'user.id')
              .where('location.organizationId', '=', actor.organizationId),
          ),
        ]);
      case 'customer':
        return eb('user.id', '=', actor.id);
    }
  };

/** Feeds: an installer sees its organization's; feeds without an organization are admin-only. */
export const feedVisibleTo =
  (user: User) =>
  (eb: ExpressionBuilder<Database, 'feed'>) => {
    switch (user.type) {
      case 'admin':
        return always;
      case 'installer':
        return eb('feed.organizationId', '=', user.organizationId);
      case 'customer':
        return never;
    }
  };

/** May this user enter the admin area (organizations, locations, users, meters, feeds)? */
export const isStaff = (user: User) => user.type === 'admin' || user.type === 'installer';
