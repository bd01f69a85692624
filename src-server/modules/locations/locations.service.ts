/** Locations: an installer works only in its own organization; deleting a location in use is refused. */
import { ORGANIZATION_ABSENT } from '@/domain/organization';
import type { CreateLocation, LocationSummary, UpdateLocation } from '@/domain/location';
import type { User } from '@/domain/user';
import { type Clock, epochSeconds } from '../../clock';
import type { DB } from '../../db/database';
import { AppError, invalidField, notFound } from '../../errors';
import { findOrganization } from '../organizations/organizations.queries';
import { countMetersOfLocation, metersOfLocation } from '../meters/meters.queries';
import { countCustomersOfLocation } from '../users/users.queries';
import * as q from './locations.queries';

const absent = () => notFound('Deze locatie bestaat niet.');

export async function getLocation(db: DB, user: User, id: number) {
  const location = await q.findLocation(db, user, id);
  if (!location) throw absent();
  return location;
}

export async function locationSummary(db: DB, user: User, id: number): Promise<LocationSummary> {
  const { name } = await getLocation(db, user, id);
  const meters = await metersOfLocation(db, user, id);
  return { id, name, meters: meters.map(({ id, name, type }) => ({ id, name, type })) };
}

async function assertOrganizationVisible(db: DB, user: User, organizationId: number) {
  if (!(await findOrganization(db, user, organizationId))) {
    throw invalidField('organizationId', ORGANIZATION_ABSENT);
  }
}

export async function createLocation(db: DB, clock: Clock, user: User, input: CreateLocation) {
  await assertOrganizationVisible(db, user, input.organizationId);
  return getLocation(db, user, await q.insertLocation(db, input, epochSeconds(clock)));
}

export async function updateLocation(db: DB, user: User, { locationId, ...fields }: UpdateLocation) {
  await getLocation(db, user, locationId);
  await assertOrganizationVisible(db, user, fields.organizationId);
  await q.updateLocationRow(db, locationId, fields);
  return getLocation(db, user, locationId);
}

export async function deleteLocation(db: DB, user: User, id: number) {
  await db.transaction().execute(async (trx) => {
    if (!(await q.findLocation(trx, user, id))) throw absent();
    const customers = await countCustomersOfLocation(trx, id);
    const meters = await countMetersOfLocation(trx, id);
    if (customers || meters) {
      const blockers = [customers && (customers === 1 ? '1 klant' : `${customers} klanten`), meters && (meters === 1 ? '1 meter' : `${meters} meters`)].filter(
        Boolean,
      );
      throw new AppError(
        'CONFLICT',
        `De locatie kan niet worden verwijderd: er ${customers + meters === 1 ? 'is' : 'zijn'} nog ${blockers.join(' en ')} aan gekoppeld.`,
      );
    }
    await q.deleteLocationRow(trx, id);
  });
}
