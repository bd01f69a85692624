/** `/api/v1/alarms/dashboards…`: dashboards, their settings and their users. */
import * as v from 'valibot';
import { createDashboardSchema, dashboardSchema, dashboardUserSchema, prioritySchema, renameDashboardSchema, themeSchema } from '@/domain/alarm-dashboard';
import { idListSchema, idSchema } from '@/domain/common';
import { pageSchema, pageSizeFields, toListQuery } from '@/domain/paging';
import { callerOf } from '../../platform/caller';
import { AppError } from '../../platform/errors';
import { rest } from '../../api/trpc/rest-route';
import { adminProcedure, router } from '../../api/trpc/trpc';
import { ALARMS, alarmAreaProcedure, dashboardProcedure, dashboardSettingsProcedure } from './alarm-dashboards.procedures';
import { listDashboards } from './alarm-dashboards.queries';
import * as service from './alarm-dashboards.service';
import type { DashboardFolders } from './alarm-dashboards.service';

const id = { params: { id: 'dashboardId' } };
const adminDashboardProcedure = dashboardProcedure.use(({ ctx, next }) => {
  if (ctx.user.type !== 'admin') throw new AppError('FORBIDDEN', 'Alleen beheerders mogen dit doen.');
  return next();
});

/** The services this module's procedures use, built by the composition root. */
declare module '../../api/trpc/context' {
  interface AppServices {
    dashboardFolders: DashboardFolders;
  }
}

export const alarmDashboardsRouter = router({
  search: alarmAreaProcedure
    .meta(rest(`GET ${ALARMS}/dashboards/search`, 'Page through the dashboards you may open (page 0-based, size ≤ 100, query on name and organization)'))
    .input(v.object(pageSizeFields))
    .output(pageSchema('dashboards', dashboardSchema))
    .query(({ ctx, input }) => listDashboards(ctx.db, ctx.user, toListQuery(input))),
  get: dashboardProcedure
    .meta(rest(`GET ${ALARMS}/dashboards/{id}`, 'One dashboard with its settings and theme', id))
    .output(dashboardSchema)
    .query(({ ctx, input }) => service.getDashboard(ctx, callerOf(ctx), input.dashboardId)),
  create: adminProcedure
    .meta(rest(`POST ${ALARMS}/dashboards`, 'Create a dashboard for an organization, with its system folders (admin)', { status: 201 }))
    .input(createDashboardSchema)
    .output(dashboardSchema)
    .mutation(({ ctx, input }) => service.createDashboard(ctx, callerOf(ctx), input)),
  rename: adminDashboardProcedure
    .meta(rest(`PATCH ${ALARMS}/dashboards/{id}`, 'Rename a dashboard (admin)', id))
    .input(renameDashboardSchema)
    .output(dashboardSchema)
    .mutation(({ ctx, input }) => service.renameDashboard(ctx, callerOf(ctx), input.dashboardId, input.name)),
  delete: adminDashboardProcedure
    .meta(rest(`DELETE ${ALARMS}/dashboards/{id}`, 'Delete a dashboard with its folders and alarms (admin)', { ...id, status: 204 }))
    .mutation(({ ctx, input }) => service.deleteDashboard(ctx, callerOf(ctx), input.dashboardId)),
  theme: dashboardSettingsProcedure
    .meta(rest(`PATCH ${ALARMS}/dashboards/{id}/theme`, 'Set the six theme colours (#rrggbb)', id))
    .input(themeSchema)
    .output(dashboardSchema)
    .mutation(({ ctx, input: { dashboardId, ...theme } }) => service.setTheme(ctx, callerOf(ctx), dashboardId, theme)),
  defaultPriority: dashboardSettingsProcedure
    .meta(rest(`PATCH ${ALARMS}/dashboards/{id}/settings/default-priority`, 'The priority of alarms that bring none', id))
    .input(v.object({ priority: prioritySchema }))
    .output(dashboardSchema)
    .mutation(({ ctx, input }) => service.setDefaultPriority(ctx, callerOf(ctx), input.dashboardId, input.priority)),
  defaultFolder: dashboardSettingsProcedure
    .meta(rest(`PATCH ${ALARMS}/dashboards/{id}/settings/default-folder`, 'The folder new alarms go to (not the trash)', id))
    .input(v.object({ folderId: idSchema }))
    .output(dashboardSchema)
    .mutation(({ ctx, input }) => service.setDefaultFolder(ctx, callerOf(ctx), input.dashboardId, input.folderId)),
  resolvedFolder: dashboardSettingsProcedure
    .meta(rest(`PATCH ${ALARMS}/dashboards/{id}/settings/resolved-folder`, 'The folder recoveries and maintenance windows send alarms to (not relevant)', id))
    .input(v.object({ folderId: idSchema }))
    .output(dashboardSchema)
    .mutation(({ ctx, input }) => service.setResolvedFolder(ctx, callerOf(ctx), input.dashboardId, input.folderId)),
  customizable: adminDashboardProcedure
    .meta(rest(`PATCH ${ALARMS}/dashboards/{id}/settings/customizable`, "Whether installers may change the dashboard's settings (admin)", id))
    .input(v.object({ customizable: v.boolean('Geef customizable als true of false.') }))
    .output(dashboardSchema)
    .mutation(({ ctx, input }) => service.setCustomizable(ctx, callerOf(ctx), input.dashboardId, input.customizable)),
  branding: dashboardSettingsProcedure
    .meta(
      rest(`PATCH ${ALARMS}/dashboards/{id}/settings/branding`, 'Upload the logo: multipart field `file`, PNG, JPEG or WebP, at most 1 MB', {
        ...id,
        multipart: true,
      }),
    )
    .input(v.object({ file: v.unknown() }))
    .output(dashboardSchema)
    .mutation(({ ctx, input }) => service.setBranding(ctx, callerOf(ctx), input.dashboardId, input.file)),
  users: dashboardProcedure
    .meta(rest(`GET ${ALARMS}/dashboards/{id}/users`, 'The users alarms may be assigned to: admins and the organization’s installers', id))
    .input(v.object(pageSizeFields))
    .output(pageSchema('users', dashboardUserSchema))
    .query(({ ctx, input }) => service.dashboardUsers(ctx, input.dashboardId, toListQuery(input))),
  user: dashboardProcedure
    .meta(rest(`GET ${ALARMS}/dashboards/{id}/users/{userId}`, 'One assignable user', id))
    .input(v.object({ userId: idSchema }))
    .output(dashboardUserSchema)
    .query(async ({ ctx, input }) => (await service.dashboardUsersById(ctx, input.dashboardId, [input.userId]))[0]!),
  usersBatch: dashboardProcedure
    .meta(
      rest(`GET ${ALARMS}/dashboards/{id}/users-batch/{ids}`, 'Assignable users by comma-joined ids, in that order', {
        params: { id: 'dashboardId', ids: 'userIds' },
      }),
    )
    .input(v.object({ userIds: idListSchema('De gebruikers moeten een komma-gescheiden lijst van ids zijn.', 100, 'Hoogstens 100 gebruikers tegelijk.') }))
    .output(v.array(dashboardUserSchema))
    .query(({ ctx, input }) => service.dashboardUsersById(ctx, input.dashboardId, input.userIds)),
});
