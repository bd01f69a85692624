import { isoFromSeconds } from '../clock';
import type { JobStatus } from '@/domain/job';
import type { JobRunRow } from './jobs.table';

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
