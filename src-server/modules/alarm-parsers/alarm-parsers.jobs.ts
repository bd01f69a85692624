/**
 * The parser module's jobs. `alarm-parse` drains the parse queue (PENDING e-mails, round robin per dashboard, in batches) every
 * two seconds, and at once when a re-parse queues e-mails (`runNow`). The queue is the e-mails'
 * status, so a run cut short by a crash leaves the rest PENDING for the next process.
 * `heartbeat-check` raises for heartbeats silent too long (DESIGN.md §9: at least every minute);
 * what it raised for is stored, so a restart or a second process never raises a silence twice.
 */
import { defineJob } from '../../jobs/job';
import { pendingEmailIds } from '../alarm-emails/alarm-emails.queries';
import { raiseSilentHeartbeats } from './heartbeats';
import { type PipelineDeps, parseEmails } from './parse-pipeline';

export const ALARM_PARSE_JOB = 'alarm-parse';
export const HEARTBEAT_CHECK_JOB = 'heartbeat-check';
const BATCH = 100;
/** A backlog's batch stays short, so another dashboard's new mail waits for at most this many of it. */
const PER_DASHBOARD = 25;

export const alarmParserJobs = (deps: PipelineDeps) => [
  defineJob({
    name: ALARM_PARSE_JOB,
    intervalSeconds: 2,
    // A failing sandbox is retried soon: mail should not wait an hour for a hiccup.
    backoff: (failures) => Math.min(5 * 2 ** (failures - 1), 300),
    async run(signal) {
      let matched = 0;
      let rejected = 0;
      const next = () => pendingEmailIds(deps.db, BATCH, PER_DASHBOARD);
      for (let ids = await next(); ids.length && !signal.aborted; ids = await next()) {
        const counts = await parseEmails(deps, ids, signal);
        matched += counts.MATCHED;
        rejected += counts.REJECTED;
      }
      return { matched, rejected };
    },
  }),
  defineJob({
    name: HEARTBEAT_CHECK_JOB,
    intervalSeconds: 30,
    backoff: (failures) => Math.min(30 * failures, 300),
    run: async (signal) => ({ raised: await raiseSilentHeartbeats(deps, signal) }),
  }),
];
