/** Folders of alarm dashboards: their API shape, order and the system folders every dashboard has. */
import type { Updateable } from 'kysely';
import { type AlarmFolder, type CountMode, SYSTEM_FOLDERS } from '@/domain/alarm-folder';
import type { User } from '@/domain/user';
import type { DB } from '../../platform/db/database';
import { dashboardDefaults, visibleDashboardIds } from '../alarm-dashboards/alarm-dashboards.queries';
import type { AlarmFolderRow, AlarmFolderTable } from './alarm-folders.table';

const toFolder = (r: AlarmFolderRow): AlarmFolder => ({
  id: r.id,
  name: r.name,
  label: r.label,
  icon: r.icon,
  index: r.position,
  countMode: r.countMode,
  system: r.system === 1,
  trash: r.trash === 1,
  relevant: r.relevant === 1,
});

export async function foldersOfDashboard(db: DB, dashboardId: number): Promise<AlarmFolder[]> {
  const rows = await db.selectFrom('alarmFolder').selectAll().where('dashboardId', '=', dashboardId).orderBy('position').orderBy('id').execute();
  return rows.map(toFolder);
}

export type VisibleFolder = AlarmFolder & { dashboardId: number };

/** A folder of a dashboard the user may open, with its dashboard's id. */
export async function findVisibleFolder(db: DB, user: User, folderId: number): Promise<VisibleFolder | undefined> {
  const row = await db
    .selectFrom('alarmFolder')
    .selectAll()
    .where('id', '=', folderId)
    .where('dashboardId', 'in', visibleDashboardIds(db, user))
    .executeTakeFirst();
  return row && { ...toFolder(row), dashboardId: row.dashboardId };
}

/** A folder by id within one dashboard (no user scope: the caller checked the dashboard). */
export async function folderOfDashboard(db: DB, dashboardId: number, folderId: number) {
  const row = await db.selectFrom('alarmFolder').selectAll().where('id', '=', folderId).where('dashboardId', '=', dashboardId).executeTakeFirst();
  return row && toFolder(row);
}

export async function folderByName(db: DB, dashboardId: number, name: string) {
  const row = await db.selectFrom('alarmFolder').selectAll().where('dashboardId', '=', dashboardId).where('name', '=', name).executeTakeFirst();
  return row && toFolder(row);
}

/**
 * Where a new alarm lands, whoever raises it (API, phone, parsers): the first folder of `wanted` that
 * still exists in the dashboard (a parser's, then its source's), else the dashboard's default
 * folder, else the inbox. A folder deleted after a parser or source named it falls through.
 */
export async function landingFolderId(db: DB, dashboardId: number, wanted: readonly (number | null | undefined)[]): Promise<number> {
  const { defaultFolderId } = await dashboardDefaults(db, dashboardId);
  for (const id of [...wanted, defaultFolderId]) if (id != null && (await folderOfDashboard(db, dashboardId, id))) return id;
  return (await folderByName(db, dashboardId, 'inbox'))!.id;
}

/**
 * Where resolved alarms go (recoveries, resolve by key, maintenance, the console's "oplossen"): the
 * dashboard's resolved folder, else Afgehandeld, else the trash; the first that exists and is not
 * relevant (a folder made relevant later stops being a place for resolved alarms).
 */
export async function resolvedFolderIdOf(db: DB, dashboardId: number): Promise<number> {
  const { resolvedFolderId } = await dashboardDefaults(db, dashboardId);
  const folders = await foldersOfDashboard(db, dashboardId);
  const candidates = [folders.find((f) => f.id === resolvedFolderId), folders.find((f) => f.system && f.name === 'done'), folders.find((f) => f.trash)];
  return candidates.find((f) => f && !f.relevant)!.id;
}

/** The highest position among a dashboard's folders (null when it has none). */
export async function lastFolderPosition(db: DB, dashboardId: number) {
  const { last } = await db
    .selectFrom('alarmFolder')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('dashboardId', '=', dashboardId)
    .executeTakeFirstOrThrow();
  return last;
}

/** Inserts a user's (non-system) folder; answers it as stored. */
export async function insertFolder(
  db: DB,
  folder: { dashboardId: number; name: string; label: string; icon: string; countMode: CountMode; relevant: boolean; position: number },
): Promise<AlarmFolder> {
  const row = await db
    .insertInto('alarmFolder')
    .values({ ...folder, icon: folder.icon as never, system: 0, trash: 0, relevant: folder.relevant ? 1 : 0 })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toFolder(row);
}

export async function updateFolderRow(db: DB, id: number, values: Updateable<AlarmFolderTable>) {
  await db.updateTable('alarmFolder').set(values).where('id', '=', id).execute();
}

export async function setFolderPosition(db: DB, id: number, position: number) {
  await db.updateTable('alarmFolder').set({ position }).where('id', '=', id).execute();
}

export async function deleteFolderRow(db: DB, id: number) {
  await db.deleteFrom('alarmFolder').where('id', '=', id).execute();
}

export async function trashFolderId(db: DB, dashboardId: number): Promise<number> {
  const row = await db.selectFrom('alarmFolder').select('id').where('dashboardId', '=', dashboardId).where('trash', '=', 1).executeTakeFirstOrThrow();
  return row.id;
}

/** The ids of a dashboard's folders that the alarm counts look at. */
export const relevantFolderIds = (db: DB, dashboardId: number) =>
  db.selectFrom('alarmFolder').select('alarmFolder.id').where('dashboardId', '=', dashboardId).where('relevant', '=', 1);

/** Inserts Inbox, Afgehandeld and Prullenbak; answers their ids by name. */
export async function insertSystemFolders(db: DB, dashboardId: number): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const [position, f] of SYSTEM_FOLDERS.entries()) {
    const { id } = await db
      .insertInto('alarmFolder')
      .values({
        dashboardId,
        name: f.name,
        label: f.label,
        icon: f.icon,
        position,
        countMode: f.countMode,
        system: 1,
        trash: f.trash ? 1 : 0,
        relevant: f.relevant ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[f.name] = id;
  }
  return ids;
}
