/**
 * The scheduled backup: one job, so a backup runs in one instance at a time (the job's lock), and
 * "Nu back-up maken" joins the same lock. The job looks at the schedule after every run: it wakes
 * at the next slot and makes a backup when the newest one is older than the latest slot (so a slot
 * missed while the product was down is made up at the next start, the very first start included).
 */
import { defineJob } from '../../platform/jobs/job';
import { lastSlot, nextSlot } from './backup-policy';
import { type BackupDeps, createBackup, listBackups } from './backups.service';

export const BACKUP_JOB = 'backup';

export const backupJobs = (deps: BackupDeps) => [
  defineJob({
    name: BACKUP_JOB,
    enabled: () => deps.schedule !== 'off',
    intervalSeconds: () => {
      if (deps.schedule === 'off') return 3600;
      const now = Math.floor(deps.clock().getTime() / 1000);
      return Math.max(60, nextSlot(deps.schedule, now) - now);
    },
    // A backup of a large database takes a while; the runner renews the lock meanwhile.
    async run(_signal, input) {
      if ((input as { now?: boolean } | undefined)?.now || deps.schedule === 'off') return createBackup(deps);
      const now = Math.floor(deps.clock().getTime() / 1000);
      const newest = (await listBackups(deps)).find((b) => b.verified);
      if (newest && Date.parse(newest.createdAt) / 1000 >= lastSlot(deps.schedule, now))
        return { skipped: 'De nieuwste back-up is van na het laatste tijdstip.' };
      return createBackup(deps);
    },
  }),
];
