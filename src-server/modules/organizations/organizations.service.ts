/**
 * Organizations with their locations; deleting one that still has anything is refused. The lowest
 * energy module: what belongs to an organization (locations, installers, feeds, alarm dashboards)
 * is told by the modules above that own it, wired into `OrganizationDeps` by the composition root.
 */
import type { Location } from '@/domain/location';
import { ORGANIZATION_ABSENT, type CreateOrganization, type Organization, type UpdateOrganization } from '@/domain/organization';
import type { ListQuery } from '@/domain/paging';
import type { User } from '@/domain/user';
import { type Clock, epochSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/errors';
import type { Caller } from '../../platform/caller';
import * as q from './organizations.queries';

/** What still belongs to an organization, each asked of the module that owns it (inside the delete's transaction). */
interface OrganizationDependents {
  countLocations(db: DB, organizationId: number): Promise<number>;
  countInstallers(db: DB, organizationId: number): Promise<number>;
  feedNames(db: DB, organizationId: number): Promise<string[]>;
  alarmDashboardNames(db: DB, organizationId: number): Promise<string[]>;
}

export interface OrganizationDeps {
  db: DB;
  clock: Clock;
  /** The locations of these organizations that the user may see (the locations module's). */
  locationsOf(db: DB, user: User, organizationIds: number[]): Promise<Location[]>;
  dependents: OrganizationDependents;
}

const absent = () => notFound(ORGANIZATION_ABSENT);

async function attachLocations({ db, locationsOf }: OrganizationDeps, user: User, rows: Omit<Organization, 'locations'>[]): Promise<Organization[]> {
  const locations = await locationsOf(
    db,
    user,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, locations: locations.filter((l) => l.organizationId === row.id) }));
}

export async function listOrganizations(deps: OrganizationDeps, caller: Caller, list: ListQuery) {
  const { user } = caller;
  const { rows, totalNumberOfPages } = await q.listOrganizations(deps.db, user, list);
  return { organizations: await attachLocations(deps, user, rows), totalNumberOfPages };
}

export async function organizationsWithLocations(deps: OrganizationDeps, caller: Caller) {
  const { user } = caller;
  return attachLocations(deps, user, await q.allVisibleOrganizations(deps.db, user));
}

export async function getOrganization(deps: OrganizationDeps, caller: Caller, id: number): Promise<Organization> {
  const { user } = caller;
  const row = await q.findOrganization(deps.db, user, id);
  if (!row) throw absent();
  return (await attachLocations(deps, user, [row]))[0]!;
}

export async function createOrganization(deps: OrganizationDeps, caller: Caller, input: CreateOrganization) {
  return getOrganization(deps, caller, await q.insertOrganization(deps.db, input.name, input.contact, epochSeconds(deps.clock)));
}

/** Renames it and/or changes its contact block (admins). */
export async function updateOrganization(deps: OrganizationDeps, caller: Caller, { organizationId: id, ...change }: UpdateOrganization) {
  await getOrganization(deps, caller, id);
  await q.updateOrganizationRow(deps.db, id, change);
  return getOrganization(deps, caller, id);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const named = (names: string[], one: string, many: string) => names.length && `${plural(names.length, one, many)} (${names.join(', ')})`;
const dutchList = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} en ${items.at(-1)}`);

/** Refused (409, naming what blocks it) while locations, installers, feeds or alarm dashboards belong to it: nothing cascades. */
export async function deleteOrganization({ db, dependents }: OrganizationDeps, caller: Caller, id: number) {
  const { user } = caller;
  await db.transaction().execute(async (trx) => {
    if (!(await q.findOrganization(trx, user, id))) throw absent();
    const locations = await dependents.countLocations(trx, id);
    const installers = await dependents.countInstallers(trx, id);
    const blockers = [
      locations && plural(locations, 'locatie', 'locaties'),
      installers && plural(installers, 'installateur', 'installateurs'),
      named(await dependents.feedNames(trx, id), 'feed', 'feeds'),
      named(await dependents.alarmDashboardNames(trx, id), 'alarmdashboard', 'alarmdashboards'),
    ].filter((b): b is string => Boolean(b));
    if (blockers.length) {
      throw new AppError('CONFLICT', `De organisatie kan niet worden verwijderd: er horen nog ${dutchList(blockers)} bij.`);
    }
    await q.deleteOrganizationRow(trx, id);
  });
}
