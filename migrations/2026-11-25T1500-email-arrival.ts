// Frozen in time: never import application code here.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Received means received: an e-mail's `receivedAt` becomes its mailbox's arrival time
 * (IMAP INTERNALDATE, Graph receivedDateTime); when it was stored is kept apart. Until now both
 * were the store time, so existing rows start with the same value in both.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('alarmEmail')
    .addColumn('storedAt', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update "alarmEmail" set "storedAt" = "receivedAt"`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alarmEmail').dropColumn('storedAt').execute();
}
