/** Procedures for a folder's id in the input: the folder found for the caller, and for its settings. */
import { alarmAreaProcedure, dashboardRowSettingsProcedure } from '../alarm-dashboards/alarm-dashboards.procedures';
import { scopedProcedure } from '../../api/trpc/trpc';
import { findVisibleFolder } from './alarm-folders.queries';

const FOLDER_ABSENT = 'Deze map bestaat niet.';

/** Input carries `folderId`, a folder of a dashboard the caller may open; `ctx.folder` is it, with its dashboard's id. */
export const folderProcedure = scopedProcedure('folderId', 'folder', (ctx, id) => findVisibleFolder(ctx.db, ctx.user, id), FOLDER_ABSENT, alarmAreaProcedure);

/** A folder procedure that changes settings: admins, or installers while the dashboard is customizable. */
export const folderSettingsProcedure = dashboardRowSettingsProcedure('folderId', 'folder', (ctx, id) => findVisibleFolder(ctx.db, ctx.user, id), FOLDER_ABSENT);
