/**
 * Locations: an installer works only in its own organization; deleting a location in use is refused.
 * Above organizations; what a location holds (meters, customers) is told by the modules above that
 * own it, wired into `LocationDeps` by the composition root.
 */
import { ORGANIZATION_ABSENT } from '@/domain/organization';
import type { CreateLocation, LocationSummary, UpdateLocation } from '@/domain/location';
import type { User } from '@/domain/user';
import { type Clock, epochSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { AppError, invalidField, notFound } from '../../platform/errors';
import { findOrganization } from '../organizations/organizations.queries';
import type { Caller } from '../../platform/caller';
import * as q from './locations.queries';

/** What still uses a location, each asked of the module that owns it (inside the delete's transaction). */
interface LocationDependents {
  countCustomers(db: DB, locationId: number): Promise<number>;
  countMeters(db: DB, locationId: number): Promise<number>;
}

export interface LocationDeps {
  db: DB;
  clock: Clock;
  /** The meters on a location that the user may see (the meters module's). */
  metersOf(db: DB, user: User, locationId: number): Promise<LocationSummary['meters']>;
  dependents: LocationDependents;
}

const absent = () => notFound('Deze locatie bestaat niet.');

export async function getLocation({ db }: LocationDeps, caller: Caller, id: number) {
  const { user } = caller;
  const location = await q.findLocation(db, user, id);
  if (!location) throw absent();
  return location;
}

export async function locationSummary(deps: LocationDeps, caller: Caller, id: number): Promise<LocationSummary> {
  const { user } = caller;
  const { name } = await getLocation(deps, caller, id);
  const meters = await deps.metersOf(deps.db, user, id);
  return { id, name, meters: meters.map(({ id, name, type }) => ({ id, name, type })) };
}

async function assertOrganizationVisible(db: DB, user: User, organizationId: number) {
  if (!(await findOrganization(db, user, organizationId))) {
    throw invalidField('organizationId', ORGANIZATION_ABSENT);
  }
}

export async function createLocation(deps: LocationDeps, caller: Caller, input: CreateLocation) {
  const { user } = caller;
  await assertOrganizationVisible(deps.db, user, input.organizationId);
  return getLocation(deps, caller, await q.insertLocation(deps.db, input, epochSeconds(deps.clock)));
}

export async function updateLocation(deps: LocationDeps, caller: Caller, { locationId, ...fields }: UpdateLocation) {
  const { user } = caller;
  await getLocation(deps, caller, locationId);
  if (fields.organizationId !== undefined) await assertOrganizationVisible(deps.db, user, fields.organizationId);
  await q.updateLocationRow(deps.db, locationId, fields);
  return getLocation(deps, caller, locationId);
}

export async function deleteLocation({ db, dependents }: LocationDeps, caller: Caller, id: number) {
  const { user } = caller;
  await db.transaction().execute(async (trx) => {
    if (!(await q.findLocation(trx, user, id))) throw absent();
    const customers = await dependents.countCustomers(trx, id);
    const meters = await dependents.countMeters(trx, id);
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
