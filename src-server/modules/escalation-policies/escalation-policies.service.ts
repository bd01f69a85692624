/**
 * Escalation policies: list, create, change and delete per dashboard. Users named in a step must be
 * assignable on the dashboard (its organization's installers and the admins); schedules must be of
 * the dashboard's organization. A policy a notification rule escalates along cannot be deleted.
 */
import type { CreateEscalationPolicy, EscalationPolicy, EscalationStep, UpdateEscalationPolicy } from '@/domain/escalation-policy';
import { stepTimingError } from '@/domain/escalation-policy';
import { type Clock, epochSeconds, isoFromSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { AppError, invalidField } from '../../platform/errors';
import { dashboardOrganizationId } from '../alarm-dashboards/alarm-dashboards.queries';
import { ruleNamesUsingPolicy } from '../notifications/notification-rules.queries';
import { assignableUsers } from '../users/users.queries';
import type { EscalationPolicyRow } from './escalation-policies.table';
import * as q from './escalation-policies.queries';

export const POLICY_ABSENT = 'Deze escalatie bestaat niet.';

/** Who is on call on a schedule at a moment; the schedules module's answer, wired in services.ts. */
interface Schedules {
  onCall(db: DB, scheduleId: number, at: Date): Promise<{ users: { id: number; name: string }[]; until: string | null }>;
  /** The schedule's organization; undefined for an unknown schedule. */
  organizationOf(db: DB, scheduleId: number): Promise<number | undefined>;
}

export interface PolicyDeps {
  db: DB;
  clock: Clock;
  /** Absent while this server has no schedules: a SCHEDULE target is then refused. */
  schedules: Schedules | null;
}

export const toPolicy = (r: EscalationPolicyRow): EscalationPolicy => ({
  id: r.id,
  dashboardId: r.dashboardId,
  name: r.name,
  steps: JSON.parse(r.steps) as EscalationStep[],
  repeat: r.repeat,
  createdAt: isoFromSeconds(r.createdAt)!,
});

/** Every target of every step must be someone of this dashboard; a field error names the first that is not. */
async function checkTargets(deps: PolicyDeps, dashboardId: number, steps: EscalationStep[]) {
  const timing = stepTimingError(steps);
  if (timing) throw invalidField(`steps.${timing.index}.afterMinutes`, timing.message);
  const organizationId = await dashboardOrganizationId(deps.db, dashboardId);
  const userIds = steps.flatMap((s) => s.targets.flatMap((t) => (t.type === 'USER' ? [t.id] : [])));
  const known = new Set((await assignableUsers(deps.db, organizationId ?? -1, [...new Set(userIds)])).map((u) => u.id));
  for (const [i, step] of steps.entries()) {
    for (const [j, target] of step.targets.entries()) {
      const field = `steps.${i}.targets.${j}.id`;
      if (target.type === 'USER' && !known.has(target.id)) throw invalidField(field, 'Deze gebruiker hoort niet bij dit dashboard.');
      if (target.type !== 'SCHEDULE') continue;
      if (!deps.schedules) throw invalidField(field, 'Roosters zijn op deze server nog niet beschikbaar.');
      if ((await deps.schedules.organizationOf(deps.db, target.id)) !== organizationId)
        throw invalidField(field, 'Dit rooster hoort niet bij de organisatie van dit dashboard.');
    }
  }
}

export async function listPolicies({ db }: Pick<PolicyDeps, 'db'>, dashboardId: number) {
  return (await q.policiesOfDashboard(db, dashboardId)).map(toPolicy);
}

export async function createPolicy(deps: PolicyDeps, input: CreateEscalationPolicy) {
  await checkTargets(deps, input.dashboardId, input.steps);
  const { id } = await q.insertPolicy(deps.db, {
    dashboardId: input.dashboardId,
    name: input.name,
    steps: JSON.stringify(input.steps),
    repeat: input.repeat,
    createdAt: epochSeconds(deps.clock),
  });
  return toPolicy((await q.findPolicy(deps.db, id))!);
}

/** A PATCH: the fields it leaves out keep their stored values. Running escalations follow the changed steps from their next step on. */
export async function updatePolicy(deps: PolicyDeps, policy: EscalationPolicyRow, input: UpdateEscalationPolicy) {
  if (input.steps) await checkTargets(deps, policy.dashboardId, input.steps);
  await q.updatePolicy(deps.db, policy.id, {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.steps === undefined ? {} : { steps: JSON.stringify(input.steps) }),
    ...(input.repeat === undefined ? {} : { repeat: input.repeat }),
  });
  return toPolicy((await q.findPolicy(deps.db, policy.id))!);
}

export async function deletePolicy({ db }: Pick<PolicyDeps, 'db'>, policy: EscalationPolicyRow) {
  const rules = await ruleNamesUsingPolicy(db, policy.id);
  if (rules.length) {
    throw new AppError('CONFLICT', `Deze escalatie wordt gebruikt door meldingsregel ${rules.map((r) => `"${r}"`).join(', ')}; kies daar eerst iets anders.`);
  }
  await q.deletePolicy(db, policy.id);
}
