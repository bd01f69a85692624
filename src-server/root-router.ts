/** The root tRPC router: one sub-router per domain. Its type is what the client imports. */
import { jobsRouter } from './modules/jobs/jobs.router';
import { authRouter } from './modules/auth/auth.router';
import { alarmDashboardsRouter } from './modules/alarm-dashboards/alarm-dashboards.router';
import { alarmFoldersRouter } from './modules/alarm-folders/alarm-folders.router';
import { alarmsRouter } from './modules/alarms/alarms.router';
import { alarmReportsRouter } from './modules/alarm-reports/alarm-reports.router';
import { alarmViewsRouter } from './modules/alarm-views/alarm-views.router';
import { maintenanceWindowsRouter } from './modules/maintenance-windows/maintenance-windows.router';
import { ingestTokensRouter } from './modules/ingest-tokens/ingest-tokens.router';
import { alarmHooksRouter } from './modules/alarm-hooks/alarm-hooks.router';
import { alarmEmailsRouter } from './modules/alarm-emails/alarm-emails.router';
import { alarmParsersRouter } from './modules/alarm-parsers/alarm-parsers.router';
import { notificationsRouter } from './modules/notifications/notifications.router';
import { alarmActionsRouter } from './modules/alarm-actions/alarm-actions.router';
import { contactMethodsRouter } from './modules/contact-methods/contact-methods.router';
import { escalationPoliciesRouter } from './modules/escalation-policies/escalation-policies.router';
import { mailSourcesRouter } from './modules/mail-sources/mail-sources.router';
import { locationsRouter } from './modules/locations/locations.router';
import { dashboardRouter } from './modules/dashboard/dashboard.router';
import { measurementsRouter } from './modules/measurements/measurements.router';
import { meterbeheerRouter } from './modules/meterbeheer/meterbeheer.router';
import { metersRouter } from './modules/meters/meters.router';
import { organizationsRouter } from './modules/organizations/organizations.router';
import { overviewRouter } from './modules/overview/overview.router';
import { energyRulesRouter } from './modules/energy-rules/energy-rules.router';
import { usersRouter } from './modules/users/users.router';
import { schedulesRouter } from './modules/schedules/schedules.router';
import { onboardingRouter } from './modules/onboarding/onboarding.router';
import { backupsRouter } from './modules/backups/backups.router';
import { systemRouter } from './modules/system/system.router';
import { alarmSetupRouter } from './modules/alarm-setup/alarm-setup.router';
import { customerViewsRouter } from './modules/customer-views/customer-views.router';
import { createCallerFactory, router } from './api/trpc/trpc';

export const appRouter = router({
  auth: authRouter,
  location: locationsRouter,
  organization: organizationsRouter,
  user: usersRouter,
  onboarding: onboardingRouter,
  meter: metersRouter,
  meterbeheer: meterbeheerRouter,
  measurement: measurementsRouter,
  dashboard: dashboardRouter,
  jobs: jobsRouter,
  overview: overviewRouter,
  alarmDashboard: alarmDashboardsRouter,
  alarmFolder: alarmFoldersRouter,
  alarm: alarmsRouter,
  alarmReport: alarmReportsRouter,
  alarmView: alarmViewsRouter,
  maintenanceWindow: maintenanceWindowsRouter,
  ingestToken: ingestTokensRouter,
  alarmHook: alarmHooksRouter,
  mailSource: mailSourcesRouter,
  alarmEmail: alarmEmailsRouter,
  alarmParser: alarmParsersRouter,
  notification: notificationsRouter,
  alarmAction: alarmActionsRouter,
  contactMethod: contactMethodsRouter,
  escalationPolicy: escalationPoliciesRouter,
  energyRule: energyRulesRouter,
  backup: backupsRouter,
  system: systemRouter,
  schedule: schedulesRouter,
  alarmSetup: alarmSetupRouter,
  customerView: customerViewsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
