// Frozen in time: never import application code here.
import type { Kysely } from 'kysely';

/**
 * The parse queue's read: every dashboard's first PENDING e-mails by id. With the
 * dashboard between the status and the id, the window per dashboard reads this index in its own
 * order: no sort of every PENDING e-mail and no table row per e-mail on each read of the queue.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('alarmEmail_queue').on('alarmEmail').columns(['parsingStatus', 'dashboardId', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('alarmEmail_queue').execute();
}
