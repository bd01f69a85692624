import type { Generated, Selectable } from 'kysely';

/** One row per job: who holds its lock until when, and how its last run went. Times in UTC seconds. */
export interface JobRunTable {
  name: string;
  lockedBy: string | null;
  lockedUntil: number | null;
  lastStartedAt: number | null;
  lastFinishedAt: number | null;
  /** 1 when the last run succeeded, 0 when it failed, null before the first run. */
  lastOk: number | null;
  lastError: string | null;
  failureCount: Generated<number>;
  nextRunAt: number | null;
  /** JSON of what the last successful run returned. */
  lastResult: string | null;
}
export type JobRunRow = Selectable<JobRunTable>;

/** A long-running piece of work (an IMAP watcher) held by one instance until `expiresAt` (UTC seconds). */
export interface LeaseTable {
  name: string;
  owner: string;
  expiresAt: number;
}
