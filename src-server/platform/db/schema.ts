/**
 * The database as Kysely sees it: one entry per table. The platform's own tables are listed here;
 * each module adds its tables from its own `*.table.ts` (`declare module … { interface Database … }`),
 * so the platform names no module and a new table is declared where it is defined.
 */
import type { JobRunTable, LeaseTable } from '../jobs/jobs.table';
import type { AttemptTable } from '../rate-limit.table';

export interface Database {
  jobRun: JobRunTable;
  lease: LeaseTable;
  attempt: AttemptTable;
}
