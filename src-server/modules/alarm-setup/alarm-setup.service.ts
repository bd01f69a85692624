/** Counts what one dashboard has set up for alarms, reading each module's own queries. */
import type { AlarmSetup } from '@/domain/alarm-setup';
import type { Caller } from '../../platform/caller';
import type { DB } from '../../platform/db/database';
import { firstVisibleDashboard, visibleDashboard } from '../alarm-dashboards/alarm-dashboards.queries';
import { parsersOfDashboard } from '../alarm-parsers/alarm-parsers.queries';
import { policiesOfDashboard } from '../escalation-policies/escalation-policies.queries';
import { tokensOfDashboard } from '../ingest-tokens/ingest-tokens.queries';
import { sourceNamesOfDashboard } from '../mail-sources/mail-sources.queries';
import { rulesOfDashboard } from '../notifications/notification-rules.queries';
import { schedulesOfOrganization } from '../schedules/schedules.queries';

interface SetupDeps {
  db: DB;
}

const NOTHING = { mailSources: 0, hooks: 0, parsers: 0, notificationRules: 0, escalationPolicies: 0, schedules: 0 };

/** undefined when `dashboardId` names no dashboard the user may open. */
export async function alarmSetupOf({ db }: SetupDeps, { user }: Caller, dashboardId: number | undefined): Promise<AlarmSetup | undefined> {
  const dashboard = dashboardId === undefined ? await firstVisibleDashboard(db, user) : await visibleDashboard(db, user, dashboardId);
  if (!dashboard) return dashboardId === undefined ? { dashboard: null, ...NOTHING } : undefined;
  const [sources, tokens, parsers, rules, policies, schedules] = await Promise.all([
    sourceNamesOfDashboard(db, dashboard.id),
    tokensOfDashboard(db, dashboard.id),
    parsersOfDashboard(db, dashboard.id),
    rulesOfDashboard(db, dashboard.id),
    policiesOfDashboard(db, dashboard.id),
    schedulesOfOrganization(db, dashboard.organizationId),
  ]);
  return {
    dashboard: { id: dashboard.id, name: dashboard.name },
    mailSources: sources.length,
    hooks: tokens.length,
    parsers: parsers.length,
    notificationRules: rules.length,
    escalationPolicies: policies.length,
    schedules: schedules.length,
  };
}
