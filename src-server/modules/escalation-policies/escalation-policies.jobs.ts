/**
 * The `escalate` job: sends the escalation steps that are due, every 10 s and at once when an alarm
 * changes, then wakes the notify job to deliver what it queued. The runner's lock runs it on one
 * instance at a time, and each step is claimed in its transaction, so a step goes out once.
 */
import { epochSeconds } from '../../platform/clock';
import { defineJob } from '../../platform/jobs/job';
import { sweepExpiredTokens } from '../alarm-actions/alarm-actions.service';
import type { PolicyDeps } from './escalation-policies.service';
import { sendDueSteps } from './escalations';

export const ESCALATE_JOB = 'escalate';

export const escalationJobs = (deps: PolicyDeps, wakeNotify: () => void) => [
  defineJob({
    name: ESCALATE_JOB,
    intervalSeconds: 10,
    lockSeconds: 120,
    backoff: (failures) => Math.min(5 * 2 ** (failures - 1), 30),
    async run() {
      const now = epochSeconds(deps.clock);
      const sent = await sendDueSteps(deps, now);
      if (sent.notifications > 0) wakeNotify();
      await sweepExpiredTokens(deps, now);
      return sent;
    },
  }),
];
