/**
 * An alarm dashboard that escalates, set up as an admin does it on the rules page; for tests and
 * benches alike (no test runner needed).
 */
import type { Priority } from '@/domain/alarm-dashboard';
import type { EscalationStep } from '@/domain/escalation-policy';
import type { Harness } from './harness';

type AdminCaller = Awaited<ReturnType<Harness['caller']>>;

/**
 * Makes `dashboardId` escalate: a policy of `steps` and the notification rule that sends its HIGH
 * alarms (or those of `priorities`) along it, as an admin sets it up on the rules page.
 */
export async function escalatingDashboard(
  admin: AdminCaller,
  dashboardId: number,
  { steps, repeat = 0, priorities = ['HIGH'], name = 'Piket' }: { steps: EscalationStep[]; repeat?: number; priorities?: Priority[]; name?: string },
) {
  const policy = await admin.escalationPolicy.create({ dashboardId, name, steps, repeat });
  const rule = await admin.notification.createRule({
    dashboardId,
    name: 'Escalatie',
    priorities,
    events: ['created'],
    channel: { type: 'ESCALATION', policyId: policy.id },
  });
  return { policy, rule };
}
