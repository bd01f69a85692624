import { scopedProcedure } from '../../trpc/trpc';
import { alarmAreaProcedure, assertCustomizable } from '../alarm-dashboards/alarm-dashboards.procedures';
import { findVisibleFolder } from './alarm-folders.queries';

export const FOLDER_ABSENT = 'Deze map bestaat niet.';

/** Input carries `folderId`, a folder of a dashboard the caller may open. */
export const folderProcedure = scopedProcedure('folderId', (ctx, id) => findVisibleFolder(ctx.db, ctx.user, id), FOLDER_ABSENT, alarmAreaProcedure);

/** The folder of this (visible) id, for services that need its dashboard. */
export const visibleFolder = async (ctx: Parameters<Parameters<typeof scopedProcedure>[1]>[0], folderId: number) =>
  (await findVisibleFolder(ctx.db, ctx.user, folderId))!;

/** A folder procedure that changes settings: admins, or installers while the dashboard is customizable. */
export const folderSettingsProcedure = folderProcedure.use(async ({ ctx, input, next }) => {
  await assertCustomizable(ctx, (await visibleFolder(ctx, input.folderId)).dashboardId);
  return next();
});
