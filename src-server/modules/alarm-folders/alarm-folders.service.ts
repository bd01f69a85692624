/**
 * Folders: created, renamed and reordered by whoever may change the dashboard's settings; system
 * folders keep their name and cannot be deleted; a deleted folder's alarms go to the trash.
 * Folder counts follow each folder's count mode.
 */
import type { AlarmFolder, CountMode } from '@/domain/alarm-folder';
import type { DB } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { epochSeconds } from '../../platform/clock';
import { replaceDefaultFolder } from '../alarm-dashboards/alarm-dashboards.queries';
import type { Actor } from '@/domain/alarm-lifecycle';
import type { Caller } from '../../platform/caller';
import type { Clock } from '../../platform/clock';
import type { EventBus } from '../../platform/events/event-bus';
import {
  type VisibleFolder,
  deleteFolderRow,
  foldersOfDashboard,
  folderByName,
  insertFolder,
  lastFolderPosition,
  setFolderPosition,
  trashFolderId,
  updateFolderRow,
} from './alarm-folders.queries';

/**
 * What a folder change does to the alarms in it. Alarms live in folders, so the alarms module sits
 * above this one; the composition root hands its functions in here.
 */
export interface FolderAlarms {
  /** Moves every alarm of a folder to another folder of its dashboard, resolving or reopening as the folders' relevance says. */
  moveAll(trx: DB, at: number, actor: Actor, move: { dashboardId: number; folderId: number; toFolderId: number }): Promise<void>;
  /** Resolves (or reopens) the alarms of a folder that stopped (or started) being relevant. */
  applyRelevance(trx: DB, at: number, actor: Actor, folder: { id: number; relevant: boolean }): Promise<void>;
  count(db: DB, folderId: number, which: 'total' | 'unread' | 'unassigned'): Promise<number>;
  /** Clears a folder: its alarms to the trash, or, in the trash, deleted for good. */
  clear(deps: FolderDeps, caller: Caller, folder: { id: number; dashboardId: number }): Promise<void>;
}

export interface FolderDeps {
  db: DB;
  clock: Clock;
  events: EventBus;
  folderAlarms: FolderAlarms;
}

const countsChanged = { event: 'counts', data: {} } as const;

const invalid = (field: string, message: string, code: 'BAD_REQUEST' | 'CONFLICT' = 'BAD_REQUEST') =>
  new AppError(code, code === 'CONFLICT' ? message : 'De invoer is ongeldig.', { fieldErrors: { [field]: [message] } });
const nameTaken = () => invalid('name', 'Er is al een map met deze naam in dit dashboard.', 'CONFLICT');

export async function createFolder(
  { db }: Pick<FolderDeps, 'db'>,
  input: { dashboardId: number; name: string; label: string; icon: string; countMode: CountMode; relevant: boolean },
) {
  if (await folderByName(db, input.dashboardId, input.name)) throw nameTaken();
  const last = await lastFolderPosition(db, input.dashboardId);
  return insertFolder(db, { ...input, position: Number(last ?? -1) + 1 });
}

/** Changes a folder found by the caller's scoped query; answers it as stored. */
export async function updateFolder(
  deps: FolderDeps,
  caller: Caller,
  current: VisibleFolder,
  change: { name?: string; label?: string; icon?: string; countMode?: CountMode; relevant?: boolean },
): Promise<AlarmFolder> {
  const { db } = deps;
  if (change.name !== undefined && change.name !== current.name) {
    if (current.system) throw invalid('name', 'De naam van een systeemmap kan niet worden gewijzigd.');
    if (await folderByName(db, current.dashboardId, change.name)) throw nameTaken();
  }
  const { relevant, icon, ...rest } = change;
  const values = { ...rest, ...(icon ? { icon: icon as never } : {}), ...(relevant === undefined ? {} : { relevant: relevant ? 1 : 0 }) };
  // A folder that stops (or starts) being relevant resolves (or reopens) its alarms with it.
  const relevanceChanged = relevant !== undefined && relevant !== current.relevant;
  if (Object.keys(values).length)
    await db.transaction().execute(async (trx) => {
      await updateFolderRow(trx, current.id, values);
      if (relevanceChanged) await deps.folderAlarms.applyRelevance(trx, epochSeconds(deps.clock), caller.actor, { id: current.id, relevant });
    });
  if (relevanceChanged) deps.events.publish(current.dashboardId, [countsChanged]);
  const { dashboardId: _, ...folder } = current;
  return { ...folder, ...(change as Partial<AlarmFolder>) };
}

/** Deletes a non-system folder; its alarms go to the trash first, in one transaction. */
export async function deleteFolder(deps: FolderDeps, caller: Caller, folder: VisibleFolder) {
  const folderId = folder.id;
  if (folder.system) throw new AppError('CONFLICT', 'Een systeemmap kan niet worden verwijderd.');
  await deps.db.transaction().execute(async (trx) => {
    const toFolderId = await trashFolderId(trx, folder.dashboardId);
    await deps.folderAlarms.moveAll(trx, epochSeconds(deps.clock), caller.actor, { dashboardId: folder.dashboardId, folderId, toFolderId });
    await replaceDefaultFolder(trx, folder.dashboardId, folderId, (await folderByName(trx, folder.dashboardId, 'inbox'))!.id);
    await deleteFolderRow(trx, folderId);
  });
  deps.events.publish(folder.dashboardId, [countsChanged]);
}

/** `folderIds` must be every folder of the dashboard exactly once. */
export async function reorderFolders({ db }: Pick<FolderDeps, 'db'>, dashboardId: number, folderIds: number[]) {
  const folders = await foldersOfDashboard(db, dashboardId);
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b).join(',');
  if (sorted(folderIds) !== sorted(folders.map((f) => f.id))) {
    throw invalid('folderIds', 'Geef elke map van dit dashboard precies één keer.');
  }
  await db.transaction().execute(async (trx) => {
    for (const [position, id] of folderIds.entries()) await setFolderPosition(trx, id, position);
  });
  return foldersOfDashboard(db, dashboardId);
}

/** Per folder, in order: the count its mode asks for, null for NONE. */
export async function folderCounts({ db, folderAlarms }: FolderDeps, dashboardId: number) {
  const which = { UNREAD: 'unread', UNASSIGNED: 'unassigned', TOTAL: 'total' } as const;
  const counts = [];
  for (const f of await foldersOfDashboard(db, dashboardId)) {
    counts.push({ folderId: f.id, count: f.countMode === 'NONE' ? null : await folderAlarms.count(db, f.id, which[f.countMode]) });
  }
  return counts;
}
