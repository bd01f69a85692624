// Frozen in time: never import application code here.
import { type Kysely, sql } from 'kysely';

/**
 * Mail stored raw, read later: a fetched message is stored with its cursor before
 * mailparser reads it; `contentPending` is 1 until the mail reader has filled in what it read. The
 * reader finds those e-mails in a partial index (a handful at any time). The parse queue's index and
 * the inbox's gain the flag, so both still read only index entries for the e-mails that are read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('alarmEmail')
    .addColumn('contentPending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('alarmEmail_raw').on('alarmEmail').column('id').where(sql.ref('contentPending'), '=', sql.lit(1)).execute();
  await db.schema.dropIndex('alarmEmail_queue').execute();
  await db.schema.createIndex('alarmEmail_queue').on('alarmEmail').columns(['parsingStatus', 'contentPending', 'dashboardId', 'id']).execute();
  await db.schema.dropIndex('alarmEmail_dashboard_received').execute();
  await db.schema.createIndex('alarmEmail_dashboard_received').on('alarmEmail').columns(['dashboardId', 'contentPending', 'receivedAt']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('alarmEmail_dashboard_received').execute();
  await db.schema.createIndex('alarmEmail_dashboard_received').on('alarmEmail').columns(['dashboardId', 'receivedAt']).execute();
  await db.schema.dropIndex('alarmEmail_queue').execute();
  await db.schema.createIndex('alarmEmail_queue').on('alarmEmail').columns(['parsingStatus', 'dashboardId', 'id']).execute();
  await db.schema.dropIndex('alarmEmail_raw').execute();
  await db.schema.alterTable('alarmEmail').dropColumn('contentPending').execute();
}
