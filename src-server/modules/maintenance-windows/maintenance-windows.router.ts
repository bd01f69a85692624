/** `/api/v1/alarms/…maintenance-windows…`: plan, list, end early and delete maintenance windows. */
import * as v from 'valibot';
import { createMaintenanceWindowSchema, maintenanceWindowSchema } from '@/domain/maintenance-window';
import { rest } from '../../api/trpc/rest-route';
import { router } from '../../api/trpc/trpc';
import { ALARMS, dashboardRowSettingsProcedure, dashboardProcedure, dashboardSettingsProcedure } from '../alarm-dashboards/alarm-dashboards.procedures';
import { findVisibleWindow } from './maintenance-windows.queries';
import * as service from './maintenance-windows.service';
import { callerOf } from '../../platform/caller';

const dashboard = { params: { id: 'dashboardId' } };
const window = { params: { id: 'windowId' } };

/** Input carries `windowId`, a window of a dashboard the caller may open and change; `ctx.window` is its row. */
const windowSettingsProcedure = dashboardRowSettingsProcedure(
  'windowId',
  'window',
  (ctx, id) => findVisibleWindow(ctx.db, ctx.user, id),
  service.WINDOW_ABSENT,
);

export const maintenanceWindowsRouter = router({
  list: dashboardProcedure
    .meta(rest(`GET ${ALARMS}/dashboards/{id}/maintenance-windows`, "The dashboard's maintenance windows: active and planned first, then past ones", dashboard))
    .output(v.array(maintenanceWindowSchema))
    .query(({ ctx, input }) => service.listWindows(ctx, input.dashboardId)),
  create: dashboardSettingsProcedure
    .meta(
      rest(
        `POST ${ALARMS}/dashboards/{id}/maintenance-windows`,
        'Plan a window [from, to); `match` (RE2, case-insensitive) against the alarm’s key and line, absent: every alarm',
        { ...dashboard, status: 201 },
      ),
    )
    .input(createMaintenanceWindowSchema)
    .output(maintenanceWindowSchema)
    .mutation(({ ctx, input }) => service.createWindow(ctx, callerOf(ctx), input)),
  end: windowSettingsProcedure
    .meta(rest(`POST ${ALARMS}/maintenance-windows/{id}/end`, 'End an active window now (409 when it has not begun or is over)', { ...window, errors: [409] }))
    .output(maintenanceWindowSchema)
    .mutation(({ ctx }) => service.endWindow(ctx, ctx.window)),
  delete: windowSettingsProcedure
    .meta(rest(`DELETE ${ALARMS}/maintenance-windows/{id}`, 'Delete a window (planned, active or past)', { ...window, status: 204 }))
    .mutation(({ ctx }) => service.deleteWindow(ctx, ctx.window)),
});
