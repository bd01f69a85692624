// Frozen in time: never import application code here.
import type { Kysely } from 'kysely';

/**
 * History ids the notification cursor passed while they were missing:
 * on PostgreSQL a transaction that took a lower id may commit after a higher one was read. The
 * `notify` job looks for them again until they appear or are clearly rolled back. Unused on SQLite,
 * which commits in id order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notificationHistoryGap')
    .addColumn('historyId', 'integer', (c) => c.primaryKey())
    .addColumn('seenAt', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notificationHistoryGap').execute();
}
