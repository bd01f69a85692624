import { isoFromSeconds } from '../clock';
import * as v from 'valibot';
import type { JobRunRow } from './jobs.table';

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

export function toJobStatus(row: JobRunRow, now: number): JobStatus {
  return {
    name: row.name,
    running: row.lockedBy !== null && row.lockedUntil !== null && row.lockedUntil > now,
    lastStartedAt: isoFromSeconds(row.lastStartedAt),
    lastFinishedAt: isoFromSeconds(row.lastFinishedAt),
    lastOk: row.lastOk === null ? null : row.lastOk === 1,
    lastError: row.lastError,
    failureCount: row.failureCount,
    nextRunAt: isoFromSeconds(row.nextRunAt),
    lastResult: row.lastResult === null ? null : JSON.parse(row.lastResult),
  };
}
