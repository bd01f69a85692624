/** The admin's Systeem page: how the installation is doing, gathered in one answer. */
import * as v from 'valibot';
import { backupSchema } from './backup';
import { jobStatusSchema } from './job';

export const systemSchema = v.object({
  version: v.string(),
  engine: v.picklist(['sqlite', 'postgres']),
  databaseBytes: v.number(),
  /** Instances holding leases or job locks now; this instance is always listed. */
  instances: v.array(v.object({ id: v.string(), current: v.boolean(), leases: v.array(v.object({ name: v.string(), until: v.string() })) })),
  /** The jobs' state without what their last run returned. */
  jobs: v.array(v.omit(jobStatusSchema, ['lastResult'])),
  mailSources: v.array(
    v.object({
      id: v.number(),
      name: v.string(),
      dashboardName: v.string(),
      lastFetchAt: v.nullable(v.string()),
      lastError: v.nullable(v.string()),
      failureCount: v.number(),
    }),
  ),
  /** Failed notifications of the last 24 hours, per channel. */
  notificationFailures: v.array(v.object({ channel: v.string(), failed: v.number() })),
  backup: v.object({
    dir: v.string(),
    /** `off` or the local times of day. */
    schedule: v.string(),
    keep: v.string(),
    encrypted: v.boolean(),
    backups: v.array(backupSchema),
  }),
});
export type SystemStatus = v.InferOutput<typeof systemSchema>;
