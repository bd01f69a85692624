/** Organizations with their locations; deleting one that still has anything is refused. */
import { ORGANIZATION_ABSENT, type CreateOrganization, type Organization } from '@/domain/organization';
import type { ListQuery } from '@/domain/paging';
import type { User } from '@/domain/user';
import { type Clock, epochSeconds } from '../../clock';
import type { DB } from '../../db/database';
import { AppError, notFound } from '../../errors';
import { dashboardNamesOfOrganization } from '../alarm-dashboards/alarm-dashboards.queries';
import { countLocationsOfOrganization, locationsOfOrganizations } from '../locations/locations.queries';
import { feedNamesOfOrganization } from '../meterbeheer/feeds.queries';
import { countInstallersOfOrganization } from '../users/users.queries';
import * as q from './organizations.queries';

const absent = () => notFound(ORGANIZATION_ABSENT);

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
const named = (names: string[], one: string, many: string) => names.length && `${plural(names.length, one, many)} (${names.join(', ')})`;
const dutchList = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} en ${items.at(-1)}`);

/** Refused (409, naming what blocks it) while locations, installers, feeds or alarm dashboards belong to it: nothing cascades. */
export async function deleteOrganization(db: DB, user: User, id: number) {
  await db.transaction().execute(async (trx) => {
    if (!(await q.findOrganization(trx, user, id))) throw absent();
    const locations = await countLocationsOfOrganization(trx, id);
    const installers = await countInstallersOfOrganization(trx, id);
    const blockers = [
      locations && plural(locations, 'locatie', 'locaties'),
      installers && plural(installers, 'installateur', 'installateurs'),
      named(await feedNamesOfOrganization(trx, id), 'feed', 'feeds'),
      named(await dashboardNamesOfOrganization(trx, id), 'alarmdashboard', 'alarmdashboards'),
    ].filter((b): b is string => Boolean(b));
    if (blockers.length) {
      throw new AppError('CONFLICT', `De organisatie kan niet worden verwijderd: er horen nog ${dutchList(blockers)} bij.`);
    }
    await q.deleteOrganizationRow(trx, id);
  });
}
