/**
 * Who may do what in the alarm area: admins every dashboard, installers their
 * organization's; customers never (403). Settings, theme, branding, folders, sources and parsers
 * change only by admins, or by installers while the dashboard is `customizable`.
 */
import { AppError } from '../../platform/errors';
import { type AlarmDashboard, DASHBOARD_ABSENT } from '@/domain/alarm-dashboard';
import type { User } from '@/domain/user';
import { type SignedInContext, scopedProcedure, signedInProcedure } from '../../api/trpc/trpc';
import { findDashboard } from './alarm-dashboards.queries';

/** Where every REST path of the alarm area starts, for the alarm modules' routers. */
export const ALARMS = '/api/v1/alarms';

export const alarmAreaProcedure = signedInProcedure.use(({ ctx, next }) => {
  if (ctx.user.type === 'customer') throw new AppError('FORBIDDEN', 'Je hebt geen toegang tot de alarmen.');
  return next();
});

/** Input carries `dashboardId`, a dashboard the caller may open; `ctx.dashboard` is it. */
export const dashboardProcedure = scopedProcedure(
  'dashboardId',
  'dashboard',
  (ctx, id) => findDashboard(ctx.db, ctx.user, id),
  DASHBOARD_ABSENT,
  alarmAreaProcedure,
);

function assertMayCustomize(user: User, dashboard: AlarmDashboard) {
  if (user.type !== 'admin' && !dashboard.settings.customizable) {
    throw new AppError('FORBIDDEN', 'Dit dashboard is niet aanpasbaar; alleen een beheerder kan de instellingen wijzigen.');
  }
}

/** Throws unless the user may change the settings of this (visible) dashboard. */
export async function assertCustomizable(ctx: SignedInContext, dashboardId: number) {
  if (ctx.user.type === 'admin') return;
  const dashboard = await findDashboard(ctx.db, ctx.user, dashboardId);
  if (!dashboard) throw new AppError('NOT_FOUND', DASHBOARD_ABSENT);
  assertMayCustomize(ctx.user, dashboard);
}

/** A dashboard procedure for changing settings: admins, or installers while customizable. */
export const dashboardSettingsProcedure = dashboardProcedure.use(({ ctx, next }) => {
  assertMayCustomize(ctx.user, ctx.dashboard);
  return next();
});

/**
 * Input carries `key`, the id of a row of a dashboard (a source, window, rule, token, …) that the
 * caller may open, found by `find`; `ctx[name]` is the row. Changing it is a settings change: admins,
 * or installers while the dashboard is customizable.
 */
export function dashboardRowSettingsProcedure<K extends string, N extends string, R extends { dashboardId: number }>(
  key: K,
  name: N,
  find: (ctx: SignedInContext, id: number) => Promise<R | undefined>,
  absentMessage: string,
) {
  return scopedProcedure(key, name, find, absentMessage, alarmAreaProcedure).use(async ({ ctx, next }) => {
    // tRPC cannot narrow a context merged under a generic name: the row is there, as `scopedProcedure` put it.
    const scoped = ctx as unknown as SignedInContext & Record<N, R>;
    await assertCustomizable(scoped, scoped[name].dashboardId);
    return next();
  });
}
