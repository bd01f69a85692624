/**
 * Who may do what in the alarm area (DESIGN.md §7): admins every dashboard, installers their
 * organization's; customers never (403). Settings, theme, branding, folders, sources and parsers
 * change only by admins, or by installers while the dashboard is `customizable`.
 */
import { AppError } from '../../errors';
import { scopedProcedure, signedInProcedure } from '../../trpc/trpc';
import { findDashboard } from './alarm-dashboards.queries';

export const DASHBOARD_ABSENT = 'Dit alarmdashboard bestaat niet.';

export const alarmAreaProcedure = signedInProcedure.use(({ ctx, next }) => {
  if (ctx.user.type === 'customer') throw new AppError('FORBIDDEN', 'Je hebt geen toegang tot de alarmen.');
  return next();
});

/** Input carries `dashboardId`, a dashboard the caller may open. */
export const dashboardProcedure = scopedProcedure('dashboardId', (ctx, id) => findDashboard(ctx.db, ctx.user, id), DASHBOARD_ABSENT, alarmAreaProcedure);

/** Throws unless the user may change the settings of this (visible) dashboard. */
export async function assertCustomizable(ctx: Parameters<Parameters<typeof scopedProcedure>[1]>[0], dashboardId: number) {
  if (ctx.user.type === 'admin') return;
  const dashboard = await findDashboard(ctx.db, ctx.user, dashboardId);
  if (!dashboard) throw new AppError('NOT_FOUND', DASHBOARD_ABSENT);
  if (!dashboard.settings.customizable) throw new AppError('FORBIDDEN', 'Dit dashboard is niet aanpasbaar; alleen een beheerder kan de instellingen wijzigen.');
}

/** A dashboard procedure for changing settings: admins, or installers while customizable. */
export const dashboardSettingsProcedure = dashboardProcedure.use(async ({ ctx, input, next }) => {
  await assertCustomizable(ctx, input.dashboardId);
  return next();
});
