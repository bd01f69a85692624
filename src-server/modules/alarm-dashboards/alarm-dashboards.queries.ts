/** Alarm dashboards as the API shows them, scoped in SQL: admins all, installers their organization's. */
import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import type { ListQuery } from '@/domain/paging';
import type { User } from '@/domain/user';
import { type Insertable, type Updateable, sql } from 'kysely';
import type { DB } from '../../platform/db/database';
import { contains, pageCount, pageWindow } from '../../platform/db/listing';
import { organizationScope } from '../../platform/db/tenancy';
import type { AlarmDashboardRow, AlarmDashboardTable, BrandingImageTable } from './alarm-dashboards.table';

const brandingPath = (sha256: string) => `/files/branding/${sha256}`;

function visibleDashboards(db: DB, user: User, query?: string) {
  let q = db
    .selectFrom('alarmDashboard')
    .innerJoin('organization', 'organization.id', 'alarmDashboard.organizationId')
    .where(organizationScope(user, 'alarmDashboard.organizationId'));
  if (query) q = q.where((eb) => eb.or([contains(eb.ref('alarmDashboard.name'), query), contains(eb.ref('organization.name'), query)]));
  return q;
}

/** The visible dashboards' rows as `toDashboard` reads them. */
const dashboardRows = (db: DB, user: User, query?: string) =>
  visibleDashboards(db, user, query)
    .selectAll('alarmDashboard')
    .select('organization.name as organizationName')
    .select((eb) =>
      // A deleted resolved folder leaves null behind (ON DELETE SET NULL); recoveries then go to `done`, and the setting says so.
      eb.fn
        .coalesce(
          'alarmDashboard.resolvedFolderId',
          eb
            .selectFrom('alarmFolder')
            .select('alarmFolder.id')
            .whereRef('alarmFolder.dashboardId', '=', 'alarmDashboard.id')
            .where('alarmFolder.system', '=', 1)
            .where('alarmFolder.name', '=', 'done'),
        )
        .as('shownResolvedFolderId'),
    );

type Row = AlarmDashboardRow & { organizationName: string; shownResolvedFolderId: number | null };

const toDashboard = (r: Row): AlarmDashboard => ({
  id: r.id,
  name: r.name,
  organization: { id: r.organizationId, name: r.organizationName },
  settings: {
    defaultFolderId: r.defaultFolderId,
    resolvedFolderId: r.shownResolvedFolderId,
    defaultPriority: r.defaultPriority,
    brandingFile: r.brandingSha256 ? brandingPath(r.brandingSha256) : null,
    customizable: r.customizable === 1,
  },
  theme: {
    primary: r.primary,
    primaryDark: r.primaryDark,
    secondary: r.secondary,
    secondaryDark: r.secondaryDark,
    tertiary: r.tertiary,
    tertiaryDark: r.tertiaryDark,
  },
});

export async function listDashboards(db: DB, user: User, list: ListQuery) {
  const { total } = await visibleDashboards(db, user, list.query)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await dashboardRows(db, user, list.query)
    .orderBy('alarmDashboard.name')
    .orderBy('alarmDashboard.id')
    .limit(pageWindow(list).limit)
    .offset(pageWindow(list).offset)
    .execute();
  return { dashboards: rows.map(toDashboard), totalNumberOfPages: pageCount(total, list) };
}

export async function findDashboard(db: DB, user: User, id: number): Promise<AlarmDashboard | undefined> {
  const row = await dashboardRows(db, user).where('alarmDashboard.id', '=', id).executeTakeFirst();
  return row && toDashboard(row);
}

/**
 * Whether the user may still open the dashboard: what `findDashboard` decides, without reading the
 * row. A live stream asks this at every event and heartbeat, for every open console at once, so
 * it is plain SQL (Kysely's builder and the join cost more than the lookup itself).
 */
export async function dashboardVisible(db: DB, user: User, id: number): Promise<boolean> {
  const { rows } = await sql`select 1 from "alarmDashboard" where "id" = ${id} and ${organizationScope(user, 'alarmDashboard.organizationId')}`.execute(db);
  return rows.length > 0;
}

/** The organization a dashboard belongs to, without a scope: for code that has checked access already. */
export async function dashboardOrganizationId(db: DB, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('alarmDashboard').select('organizationId').where('id', '=', id).executeTakeFirst();
  return row?.organizationId;
}

/** A dashboard's name, without a scope: for code that has checked access already. */
export async function dashboardName(db: DB, id: number): Promise<string> {
  return (await db.selectFrom('alarmDashboard').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
}

/** The names of an organization's alarm dashboards (what still belongs to it when it is to be deleted). */
export async function dashboardNamesOfOrganization(db: DB, organizationId: number): Promise<string[]> {
  const rows = await db.selectFrom('alarmDashboard').select('name').where('organizationId', '=', organizationId).orderBy('name').execute();
  return rows.map((r) => r.name);
}

/** The defaults a new alarm of this dashboard takes. */
export function dashboardDefaults(db: DB, id: number) {
  return db.selectFrom('alarmDashboard').select(['defaultFolderId', 'defaultPriority', 'resolvedFolderId']).where('id', '=', id).executeTakeFirstOrThrow();
}

export async function brandingImage(db: DB, sha256: string) {
  return db.selectFrom('brandingImage').select(['contentType', 'bytes']).where('sha256', '=', sha256).executeTakeFirst();
}

/** A dashboard the user may open (id, name, organization); undefined for a foreign or absent id. */
export const visibleDashboard = (db: DB, user: User, id: number) =>
  visibleDashboards(db, user)
    .select(['alarmDashboard.id', 'alarmDashboard.name', 'alarmDashboard.organizationId'])
    .where('alarmDashboard.id', '=', id)
    .executeTakeFirst();

/** The first dashboard (oldest) the user may open, for a guide that needs one; undefined when none. */
export const firstVisibleDashboard = (db: DB, user: User) =>
  visibleDashboards(db, user)
    .select(['alarmDashboard.id', 'alarmDashboard.name', 'alarmDashboard.organizationId'])
    .orderBy('alarmDashboard.id')
    .limit(1)
    .executeTakeFirst();

/** The ids of the dashboards a user may open, as a subquery for other modules' scoping. */
export const visibleDashboardIds = (db: DB, user: User) =>
  db.selectFrom('alarmDashboard').select('alarmDashboard.id').where(organizationScope(user, 'alarmDashboard.organizationId'));

/** A dashboard whose default folder is `from` gets `to` instead (when `from` is deleted). */
export function replaceDefaultFolder(db: DB, dashboardId: number, from: number, to: number) {
  return db.updateTable('alarmDashboard').set({ defaultFolderId: to }).where('id', '=', dashboardId).where('defaultFolderId', '=', from).execute();
}

/** Answers the new dashboard's id. */
export async function insertDashboard(db: DB, values: Insertable<AlarmDashboardTable>) {
  const { id } = await db.insertInto('alarmDashboard').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateDashboardRow(db: DB, id: number, values: Updateable<AlarmDashboardTable>) {
  await db.updateTable('alarmDashboard').set(values).where('id', '=', id).execute();
}

export async function deleteDashboardRow(db: DB, id: number) {
  // Its folders, alarms and assignees go with it (ON DELETE CASCADE).
  await db.deleteFrom('alarmDashboard').where('id', '=', id).execute();
}

/** Stores an image once per content (by SHA-256). */
export async function insertBrandingImage(db: DB, image: Insertable<BrandingImageTable>) {
  await db
    .insertInto('brandingImage')
    .values(image)
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
}
