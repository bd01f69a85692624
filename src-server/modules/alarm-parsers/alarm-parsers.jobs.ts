/**
 * The parser module's jobs. `alarm-parse` drains the parse queue (PENDING e-mails, one chain per
 * e-mail, dashboards in turn, each recorded as soon as it ends: parse-queue.ts) every two seconds,
 * and at once when new mail or a re-parse wakes it; a wake during a run reaches that run, also when
 * the mail was stored by another instance (the runner's job wakes over LISTEN/NOTIFY). The queue
 * is the e-mails' status, so a run cut short by a crash leaves the rest PENDING for the next process.
 * `heartbeat-check` raises for heartbeats silent too long (At least every minute);
 * what it raised for is stored, so a restart or a second process never raises a silence twice.
 */
import { defineJob } from '../../platform/jobs/job';
import { raiseSilentHeartbeats } from './heartbeats';
import type { PipelineDeps } from './parse-pipeline';
import type { JobWaker } from '../../platform/jobs/waker';
import { drainParseQueue } from './parse-queue';

export const ALARM_PARSE_JOB = 'alarm-parse';
export const HEARTBEAT_CHECK_JOB = 'heartbeat-check';

export const alarmParserJobs = (deps: PipelineDeps, waker: JobWaker) => [
  defineJob({
    name: ALARM_PARSE_JOB,
    intervalSeconds: 2,
    // A failing sandbox is retried soon: mail should not wait an hour for a hiccup.
    backoff: (failures) => Math.min(5 * 2 ** (failures - 1), 300),
    run: (signal) => drainParseQueue(deps, waker, signal),
    // Mail stored by another instance while this one's run holds the lock (jobs/runner.ts JobWakes).
    wake: () => waker.wake(),
  }),
  defineJob({
    name: HEARTBEAT_CHECK_JOB,
    intervalSeconds: 30,
    backoff: (failures) => Math.min(30 * failures, 300),
    run: async (signal) => ({ raised: await raiseSilentHeartbeats(deps, signal) }),
  }),
];
