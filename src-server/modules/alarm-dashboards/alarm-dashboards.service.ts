/**
 * Alarm dashboards: created by admins for an organization with the three system folders, renamed,
 * deleted; their theme, defaults, customizability and branding; the users who may be assigned.
 */
import { ORGANIZATION_ABSENT } from '@/domain/organization';
import type { Updateable } from 'kysely';
import { DASHBOARD_ABSENT, DEFAULT_THEME, type Priority, type Theme } from '@/domain/alarm-dashboard';
import type { ListQuery } from '@/domain/paging';
import type { User } from '@/domain/user';
import type { Caller } from '../../platform/caller';
import { type Clock, epochSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { notFound, invalidField } from '../../platform/errors';
import { findOrganization } from '../organizations/organizations.queries';
import { assignableUsers, listAssignableUsers } from '../users/users.queries';
import { dashboardOrganizationId, deleteDashboardRow, findDashboard, insertDashboard, updateDashboardRow } from './alarm-dashboards.queries';
import type { AlarmDashboardTable } from './alarm-dashboards.table';
import { storeBrandingImage } from './branding';

/**
 * What a dashboard needs of its folders. Folders belong to a dashboard, so the alarm-folders module
 * sits above this one; the composition root hands its queries in here.
 */
export interface DashboardFolders {
  /** Writes a new dashboard's system folders; answers their ids by name (inbox, done, trash). */
  insertSystemFolders(db: DB, dashboardId: number): Promise<Record<string, number>>;
  folderOfDashboard(db: DB, dashboardId: number, folderId: number): Promise<{ trash: boolean; relevant: boolean } | undefined>;
}

export interface DashboardDeps {
  db: DB;
  clock: Clock;
  dashboardFolders: DashboardFolders;
}

export const getDashboard = ({ db }: Pick<DashboardDeps, 'db'>, { user }: Caller, id: number) => dashboardOf(db, user, id);

async function dashboardOf(db: DB, user: User, id: number) {
  const dashboard = await findDashboard(db, user, id);
  if (!dashboard) throw notFound(DASHBOARD_ABSENT);
  return dashboard;
}

export async function createDashboard({ db, clock, dashboardFolders }: DashboardDeps, { user }: Caller, input: { name: string; organizationId: number }) {
  if (!(await findOrganization(db, user, input.organizationId))) throw invalidField('organizationId', ORGANIZATION_ABSENT);
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertDashboard(trx, {
      name: input.name,
      organizationId: input.organizationId,
      defaultFolderId: null,
      resolvedFolderId: null,
      defaultPriority: 'MEDIUM',
      brandingSha256: null,
      customizable: 1,
      ...DEFAULT_THEME,
      createdAt: epochSeconds(clock),
    });
    const folders = await dashboardFolders.insertSystemFolders(trx, id);
    await updateDashboardRow(trx, id, { defaultFolderId: folders.inbox, resolvedFolderId: folders.done });
    return id;
  });
  return dashboardOf(db, user, id);
}

async function update(db: DB, user: User, id: number, values: Updateable<AlarmDashboardTable>) {
  await dashboardOf(db, user, id);
  await updateDashboardRow(db, id, values);
  return dashboardOf(db, user, id);
}

export const renameDashboard = ({ db }: Pick<DashboardDeps, 'db'>, { user }: Caller, id: number, name: string) => update(db, user, id, { name });
export const setTheme = ({ db }: Pick<DashboardDeps, 'db'>, { user }: Caller, id: number, theme: Theme) => update(db, user, id, theme);
export const setDefaultPriority = ({ db }: Pick<DashboardDeps, 'db'>, { user }: Caller, id: number, defaultPriority: Priority) =>
  update(db, user, id, { defaultPriority });
export const setCustomizable = ({ db }: Pick<DashboardDeps, 'db'>, { user }: Caller, id: number, customizable: boolean) =>
  update(db, user, id, { customizable: customizable ? 1 : 0 });

export async function setDefaultFolder({ db, dashboardFolders }: DashboardDeps, { user }: Caller, id: number, folderId: number) {
  const folder = await dashboardFolders.folderOfDashboard(db, id, folderId);
  if (!folder) throw invalidField('folderId', 'Deze map hoort niet bij dit dashboard.');
  if (folder.trash) throw invalidField('folderId', 'De prullenbak kan niet de standaardmap zijn.');
  return update(db, user, id, { defaultFolderId: folderId });
}

/** Where recoveries and maintenance windows send alarms: a folder of the dashboard that is not relevant. */
export async function setResolvedFolder({ db, dashboardFolders }: DashboardDeps, { user }: Caller, id: number, folderId: number) {
  const folder = await dashboardFolders.folderOfDashboard(db, id, folderId);
  if (!folder) throw invalidField('folderId', 'Deze map hoort niet bij dit dashboard.');
  if (folder.relevant) throw invalidField('folderId', 'Kies een map die niet meetelt (niet relevant): opgeloste alarmen horen niet bij de open alarmen.');
  return update(db, user, id, { resolvedFolderId: folderId });
}

export async function setBranding({ db, clock }: Pick<DashboardDeps, 'db' | 'clock'>, { user }: Caller, id: number, file: unknown) {
  await dashboardOf(db, user, id);
  const sha = await storeBrandingImage(db, file, epochSeconds(clock));
  return update(db, user, id, { brandingSha256: sha });
}

export async function deleteDashboard({ db }: Pick<DashboardDeps, 'db'>, { user }: Caller, id: number) {
  await dashboardOf(db, user, id);
  await deleteDashboardRow(db, id);
}

async function organizationOf(db: DB, dashboardId: number) {
  const organizationId = await dashboardOrganizationId(db, dashboardId);
  if (organizationId === undefined) throw notFound(DASHBOARD_ABSENT);
  return organizationId;
}

export async function dashboardUsers({ db }: Pick<DashboardDeps, 'db'>, dashboardId: number, list: ListQuery) {
  return listAssignableUsers(db, await organizationOf(db, dashboardId), list);
}

/** Assignable users by id, in the order asked; an id that is not one of them is a 404. */
export async function dashboardUsersById({ db }: Pick<DashboardDeps, 'db'>, dashboardId: number, ids: number[]) {
  const users = await assignableUsers(db, await organizationOf(db, dashboardId), ids);
  const missing = ids.find((id) => !users.some((u) => u.id === id));
  if (missing !== undefined) throw notFound(`Gebruiker ${missing} hoort niet bij dit dashboard.`);
  return users;
}
