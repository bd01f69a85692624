/**
 * What the console shows of escalations: for the alarm panel, each escalation's step, who it
 * reached and the next step's time, or why it stopped (an acknowledge or resolve shows at once,
 * before the job next looks at it); for the console's header, who is on call now.
 */
import type { EscalationPolicy, EscalationState } from '@/domain/escalation-policy';
import type { User } from '@/domain/user';
import { epochSeconds, isoFromSeconds } from '../../platform/clock';
import { findAlarm } from '../alarms/alarms.queries';
import { lastActorName } from '../alarms/history.queries';
import type { PolicyDeps } from './escalation-policies.service';
import * as q from './escalation-policies.queries';
import { toPolicy } from './escalation-policies.service';

/** The alarm's escalations, oldest first; undefined when the user cannot see the alarm. */
export async function escalationStates(deps: PolicyDeps, user: User, alarmId: number): Promise<EscalationState[] | undefined> {
  const found = await findAlarm(deps.db, alarmId, user);
  if (!found) return undefined;
  const alarm = found.detail;
  const rows = await q.escalationsOfAlarm(deps.db, alarmId);
  const live = alarm.acknowledgedAt
    ? { reason: 'ACKNOWLEDGED' as const, by: await lastActorName(deps.db, alarmId, 'acknowledged'), at: alarm.acknowledgedAt }
    : alarm.resolvedAt
      ? { reason: 'RESOLVED' as const, by: await lastActorName(deps.db, alarmId, 'resolved'), at: alarm.resolvedAt }
      : null;
  return rows.map((r) => {
    const steps = (JSON.parse(r.steps) as EscalationPolicy['steps']).length;
    const last = Math.max(0, r.sent - 1);
    const stored = r.stopReason && r.stoppedAt !== null ? { reason: r.stopReason, by: r.stoppedBy, at: isoFromSeconds(r.stoppedAt)! } : null;
    const stopped = live ?? stored;
    return {
      policyId: r.policyId,
      policyName: r.policyName,
      step: r.sent === 0 ? 0 : (last % steps) + 1,
      steps,
      round: Math.floor(last / steps) + 1,
      rounds: r.repeat + 1,
      users: JSON.parse(r.lastUsers) as { id: number; name: string }[],
      nextAt: stopped ? null : isoFromSeconds(r.dueAt),
      stopped,
    };
  });
}

/** Who is on call now on the first SCHEDULE target of the dashboard's first policy; null without one (or without schedules). */
export async function onCallNow(deps: PolicyDeps, dashboardId: number) {
  const [first] = await q.policiesOfDashboard(deps.db, dashboardId);
  if (!first || !deps.schedules) return null;
  const target = toPolicy(first)
    .steps.flatMap((s) => s.targets)
    .find((t) => t.type === 'SCHEDULE');
  if (!target) return null;
  const { users, until } = await deps.schedules.onCall(deps.db, target.id, new Date(epochSeconds(deps.clock) * 1000));
  return { scheduleId: target.id, users, until };
}
