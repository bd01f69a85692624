/** The meter-data sync as a scheduled job: every interval, and now on request. */
import { defineJob } from '../../platform/jobs/job';
import type { SyncService } from './sync.service';

export const METERBEHEER_SYNC_JOB = 'meterbeheer-sync';

/** `runNow(METERBEHEER_SYNC_JOB, { force: true })` ignores the per-feed backoff ("Nu synchroniseren"). */
export const meterbeheerJobs = (sync: SyncService, options: { intervalSeconds: number; enabled: boolean }) => [
  defineJob({
    name: METERBEHEER_SYNC_JOB,
    intervalSeconds: options.intervalSeconds,
    enabled: () => options.enabled,
    // A sync of two years of history may take a while; the runner renews the lock meanwhile.
    run: (_signal, input) => sync.syncAll({ force: (input as { force?: boolean } | undefined)?.force === true }),
  }),
];
