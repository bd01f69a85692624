/**
 * The mail-source jobs: `mail-fetch` fetches, every few seconds, the sources whose interval (or
 * backoff) has passed; `source-silence` raises for sources silent too long (at least every minute).
 */
import { epochSeconds } from '../../platform/clock';
import { defineJob } from '../../platform/jobs/job';
import { dueSources } from './mail-sources.queries';
import { type SourceDeps, fetchSource } from './mail-sources.service';
import { raiseSilentSources } from './source-silence';

export const MAIL_FETCH_JOB = 'mail-fetch';
export const SOURCE_SILENCE_JOB = 'source-silence';

export const mailSourceJobs = (deps: SourceDeps) => [
  defineJob({
    name: MAIL_FETCH_JOB,
    intervalSeconds: 5,
    async run(signal) {
      let stored = 0;
      let failed = 0;
      // One source at a time: a failing source records its error and the next one still runs.
      for (const source of await dueSources(deps.db, epochSeconds(deps.clock))) {
        if (signal.aborted) break;
        // Its mail is read by the mail reader while the next source is fetched.
        const result = await fetchSource(deps, source, { readLater: true });
        stored += result.stored;
        if (result.error) failed++;
      }
      return { stored, failed };
    },
  }),
  defineJob({
    name: SOURCE_SILENCE_JOB,
    intervalSeconds: 30,
    backoff: (failures) => Math.min(30 * failures, 300),
    run: async (signal) => ({ raised: await raiseSilentSources(deps, signal) }),
  }),
];
