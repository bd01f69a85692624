/** Background jobs (HUB sync, mailbox fetches, parsing, notifications, energy rules) as admins see them. */
import * as v from 'valibot';

/** A job's stored state as status pages show it. */
export const jobStatusSchema = v.object({
  name: v.string(),
  /** Someone (this process or another) holds a live lock on it. */
  running: v.boolean(),
  lastStartedAt: v.nullable(v.string()),
  lastFinishedAt: v.nullable(v.string()),
  lastOk: v.nullable(v.boolean()),
  lastError: v.nullable(v.string()),
  failureCount: v.number(),
  nextRunAt: v.nullable(v.string()),
  /** What the last successful run returned, as JSON; `{truncated: true, bytes}` when it was over 64 KB. */
  lastResult: v.unknown(),
});
export type JobStatus = v.InferOutput<typeof jobStatusSchema>;
