/** Organizations with their locations; deleting one that still has locations or installers is refused. */
import type { CreateOrganization, Organization } from '@/domain/organization';
import type { ListQuery } from '@/domain/paging';
import type { User } from '@/domain/user';
import { type Clock, epochSeconds } from '../../clock';
import type { DB } from '../../db/database';
import { AppError, notFound } from '../../errors';
import { countLocationsOfOrganization, locationsOfOrganizations } from '../locations/locations.queries';
import { countInstallersOfOrganization } from '../users/users.queries';
import * as q from './organizations.queries';

const absent = () => notFound('Deze organisatie bestaat niet.');

async function attachLocations(db: DB, user: User, rows: { id: number; name: string }[]): Promise<Organization[]> {
  const locations = await locationsOfOrganizations(
    db,
    user,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, locations: locations.filter((l) => l.organizationId === row.id) }));
}

export async function listOrganizations(db: DB, user: User, list: ListQuery) {
  const { rows, totalNumberOfPages } = await q.listOrganizations(db, user, list);
  return { organizations: await attachLocations(db, user, rows), totalNumberOfPages };
}

export async function organizationsWithLocations(db: DB, user: User) {
  return attachLocations(db, user, await q.allVisibleOrganizations(db, user));
}

export async function getOrganization(db: DB, user: User, id: number): Promise<Organization> {
  const row = await q.findOrganization(db, user, id);
  if (!row) throw absent();
  return (await attachLocations(db, user, [row]))[0]!;
}

export async function createOrganization(db: DB, clock: Clock, user: User, input: CreateOrganization) {
  return getOrganization(db, user, await q.insertOrganization(db, input.name, epochSeconds(clock)));
}

export async function renameOrganization(db: DB, user: User, id: number, name: string) {
  await getOrganization(db, user, id);
  await q.renameOrganization(db, id, name);
  return getOrganization(db, user, id);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function deleteOrganization(db: DB, user: User, id: number) {
  await db.transaction().execute(async (trx) => {
    if (!(await q.findOrganization(trx, user, id))) throw absent();
    const locations = await countLocationsOfOrganization(trx, id);
    const installers = await countInstallersOfOrganization(trx, id);
    if (locations || installers) {
      const blockers = [locations && plural(locations, 'locatie', 'locaties'), installers && plural(installers, 'installateur', 'installateurs')].filter(
        Boolean,
      );
      throw new AppError('CONFLICT', `De organisatie kan niet worden verwijderd: er horen nog ${blockers.join(' en ')} bij.`);
    }
    await q.deleteOrganizationRow(trx, id);
  });
}
