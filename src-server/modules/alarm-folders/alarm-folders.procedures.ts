import { scopedProcedure } from '../../trpc/trpc';
import { alarmAreaProcedure, assertCustomizable } from '../alarm-dashboards/alarm-dashboards.procedures';
import { findVisibleFolder } from './alarm-folders.queries';

export const FOLDER_ABSENT = 'Deze map bestaat niet.';

/** Input carries `folderId`, a folder of a dashboard the caller may open; `ctx.folder` is it, with its dashboard's id. */
export const folderProcedure = scopedProcedure('folderId', 'folder', (ctx, id) => findVisibleFolder(ctx.db, ctx.user, id), FOLDER_ABSENT, alarmAreaProcedure);

/** A folder procedure that changes settings: admins, or installers while the dashboard is customizable. */
export const folderSettingsProcedure = folderProcedure.use(async ({ ctx, next }) => {
  await assertCustomizable(ctx, ctx.folder.dashboardId);
  return next();
});
