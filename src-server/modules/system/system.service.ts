/** Gathers the Systeem page: version, database, instances and their leases, jobs, mail sources, notifications, backups. */
import type { SystemStatus } from '@/domain/system';
import { isoFromSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import type { JobRunner } from '../../platform/jobs/runner';
import { PRODUCT_VERSION } from '../../platform/version';
import type { Clock } from '../../platform/clock';
import { type BackupDeps, listBackups } from '../backups/backups.service';
import { databaseBytes, liveHolds, mailSourceHealth, notificationsSince } from './system.queries';

export interface SystemDeps {
  db: DB;
  engine: 'sqlite' | 'postgres';
  instanceId: string;
  clock: Clock;
  jobs: JobRunner;
  backups: BackupDeps;
}

const describeKeep = (keep: BackupDeps['keep']) =>
  Object.entries(keep)
    .map(([unit, n]) => `${n}${unit}`)
    .join(',');

export async function systemStatus(deps: SystemDeps): Promise<SystemStatus> {
  const now = Math.floor(deps.clock().getTime() / 1000);
  const holds = await liveHolds(deps.db, now);
  const owners = [...new Set([deps.instanceId, ...holds.map((h) => h.owner)])];
  return {
    version: PRODUCT_VERSION,
    engine: deps.engine,
    databaseBytes: await databaseBytes(deps.db),
    instances: owners.map((id) => ({
      id,
      current: id === deps.instanceId,
      leases: holds
        .filter((h) => h.owner === id)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((h) => ({ name: h.name, until: isoFromSeconds(h.until)! })),
    })),
    jobs: await deps.jobs.status(),
    mailSources: (await mailSourceHealth(deps.db)).map((s) => ({
      id: s.id,
      name: s.name,
      dashboardName: s.dashboardName,
      lastFetchAt: isoFromSeconds(s.lastCheckedAt),
      lastError: s.lastError,
      failureCount: s.failureCount,
    })),
    notificationFailures: (await notificationsSince(deps.db, now - 86_400))
      .filter((r) => r.status === 'FAILED')
      .map((r) => ({ channel: r.channel, failed: Number(r.n) })),
    backup: {
      dir: deps.backups.dir,
      schedule: deps.backups.schedule === 'off' ? 'off' : deps.backups.schedule.times.join(','),
      keep: describeKeep(deps.backups.keep),
      encrypted: Boolean(deps.backups.passphrase),
      backups: await listBackups(deps.backups),
    },
  };
}
