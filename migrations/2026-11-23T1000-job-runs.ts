// Frozen in time: never import application code here.
import { type Kysely, sql } from 'kysely';

/** One row per background job: its lock (holder and expiry) and the outcome of its last run. Times in UTC seconds. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobRun')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('lockedBy', 'text')
    .addColumn('lockedUntil', 'integer')
    .addColumn('lastStartedAt', 'integer')
    .addColumn('lastFinishedAt', 'integer')
    .addColumn('lastOk', 'integer', (c) => c.check(sql`"lastOk" in (0, 1)`))
    .addColumn('lastError', 'text')
    .addColumn('failureCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nextRunAt', 'integer')
    // JSON of what the last successful run returned, for status pages.
    .addColumn('lastResult', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobRun').execute();
}
