/** Folders of a dashboard: list, create, edit, delete, order, clear and counts. */
import * as v from 'valibot';
import { createFolderSchema, folderCountSchema, folderOrderSchema, folderSchema, updateFolderSchema } from '@/domain/alarm-folder';
import { rest } from '../../api/trpc/rest-route';
import { router } from '../../api/trpc/trpc';
import { ALARMS, dashboardProcedure, dashboardSettingsProcedure } from '../alarm-dashboards/alarm-dashboards.procedures';
import { callerOf } from '../../platform/caller';
import { folderSettingsProcedure } from './alarm-folders.procedures';
import { foldersOfDashboard } from './alarm-folders.queries';
import * as service from './alarm-folders.service';
import type { FolderAlarms } from './alarm-folders.service';

const dashboard = { params: { id: 'dashboardId' } };
const folder = { params: { id: 'folderId' } };

/** The services this module's procedures use, built by the composition root. */
declare module '../../api/trpc/context' {
  interface AppServices {
    folderAlarms: FolderAlarms;
  }
}

export const alarmFoldersRouter = router({
  list: dashboardProcedure
    .meta(rest(`GET ${ALARMS}/dashboards/{id}/folders`, "The dashboard's folders in their order", dashboard))
    .output(v.array(folderSchema))
    .query(({ ctx, input }) => foldersOfDashboard(ctx.db, input.dashboardId)),
  create: dashboardSettingsProcedure
    .meta(
      rest(`POST ${ALARMS}/dashboards/{id}/folders`, 'Add a folder at the end (name: [a-z0-9-]{1,32}, unique per dashboard)', {
        ...dashboard,
        status: 201,
        errors: [409],
      }),
    )
    .input(createFolderSchema)
    .output(folderSchema)
    .mutation(({ ctx, input }) => service.createFolder(ctx, input)),
  update: folderSettingsProcedure
    .meta(rest(`PATCH ${ALARMS}/folders/{id}`, "Change label, icon, count mode, relevance, or a non-system folder's name", { ...folder, errors: [409] }))
    .input(updateFolderSchema)
    .output(folderSchema)
    .mutation(({ ctx, input: { folderId: _, ...change } }) => service.updateFolder(ctx, callerOf(ctx), ctx.folder, change)),
  delete: folderSettingsProcedure
    .meta(rest(`DELETE ${ALARMS}/folders/{id}`, 'Delete a non-system folder; its alarms go to the trash', { ...folder, status: 204, errors: [409] }))
    .mutation(({ ctx }) => service.deleteFolder(ctx, callerOf(ctx), ctx.folder)),
  reorder: dashboardSettingsProcedure
    .meta(
      rest(
        `PATCH ${ALARMS}/dashboards/{id}/update-folder-order`,
        'Order the folders: a permutation of all folder ids; answers the folders in their new order',
        dashboard,
      ),
    )
    .input(folderOrderSchema)
    .output(v.array(folderSchema))
    .mutation(({ ctx, input }) => service.reorderFolders(ctx, input.dashboardId, input.folderIds)),
  // Clearing empties a folder for everyone: on a locked dashboard only admins may.
  clear: folderSettingsProcedure
    .meta(rest(`POST ${ALARMS}/folders/{id}/clear`, "Move the folder's alarms to the trash (in the trash: delete them for good)", { ...folder, status: 204 }))
    .mutation(({ ctx }) => ctx.folderAlarms.clear(ctx, callerOf(ctx), ctx.folder)),
  counts: dashboardProcedure
    .meta(rest(`GET ${ALARMS}/dashboards/{id}/folder-counts`, "Each folder's count by its count mode (null for NONE)", dashboard))
    .output(v.array(folderCountSchema))
    .query(({ ctx, input }) => service.folderCounts(ctx, input.dashboardId)),
});
