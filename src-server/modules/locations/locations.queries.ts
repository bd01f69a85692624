import type { User } from '@/domain/user';
import type { DB } from '../../db/database';
import { locationVisibleTo } from '../../tenancy';

/** The locations a user may see, by name: what the dashboard home lists. */
export function listVisibleLocations(db: DB, user: User) {
  return db
    .selectFrom('location')
    .select(['id', 'name', 'city', 'streetAddress'])
    .where(locationVisibleTo(user))
    .orderBy('name')
    .orderBy('id')
    .execute();
}
