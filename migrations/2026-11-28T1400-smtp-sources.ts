// Frozen in time: never import application code here.
import { type Kysely, sql } from 'kysely';
import { engineOf } from './portable';

/**
 * Mail straight to the product: a source of type SMTP is a receiving address, its random local
 * part unique (the domain is the instance's setting); its optional AUTH password is sealed in
 * `secret` like a mailbox password. The type's check gains SMTP: PostgreSQL swaps the constraint,
 * SQLite rebuilds the table (foreign keys off meanwhile).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`alter table "mailSource" drop constraint "mailSource_type_check"`.execute(db);
    await sql`alter table "mailSource" add constraint "mailSource_type_check" check (type in ('IMAP', 'MICROSOFT_GRAPH', 'SMTP'))`.execute(db);
    await db.schema.alterTable('mailSource').addColumn('smtpLocalPart', 'text').execute();
  } else {
    await rebuildSqlite(db);
  }
  await db.schema.createIndex('mailSource_smtpLocalPart').on('mailSource').column('smtpLocalPart').unique().execute();
}

async function rebuildSqlite(db: Kysely<any>) {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.schema
      .createTable('mailSource_new')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('dashboardId', 'integer', (c) => c.notNull().references('alarmDashboard.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('IMAP', 'MICROSOFT_GRAPH', 'SMTP')`))
      .addColumn('folderId', 'integer', (c) => c.references('alarmFolder.id').onDelete('set null'))
      .addColumn('imapHost', 'text')
      .addColumn('imapPort', 'integer')
      .addColumn('imapSecure', 'integer')
      .addColumn('imapUsername', 'text')
      .addColumn('imapInputFolder', 'text')
      .addColumn('clientId', 'text')
      .addColumn('tenantId', 'text')
      .addColumn('sharedMailbox', 'text')
      .addColumn('inputFolder', 'text')
      .addColumn('readCategory', 'text')
      .addColumn('secret', 'text')
      .addColumn('pollIntervalSeconds', 'integer', (c) => c.notNull().defaultTo(60))
      .addColumn('uidValidity', 'text')
      .addColumn('lastUid', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('lastCheckedAt', 'integer')
      .addColumn('lastError', 'text')
      .addColumn('messagesStored', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failureCount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('nextAttemptAt', 'integer')
      .addColumn('createdAt', 'integer', (c) => c.notNull())
      .addColumn('silenceMinutes', 'integer')
      .addColumn('lastEmailAt', 'integer')
      .addColumn('silenceRaisedFor', 'integer')
      .addColumn('smtpLocalPart', 'text')
      .execute();
    await sql`insert into "mailSource_new" select *, null from "mailSource"`.execute(db);
    await db.schema.dropTable('mailSource').execute();
    await db.schema.alterTable('mailSource_new').renameTo('mailSource').execute();
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('mailSource').where('type', '=', 'SMTP').execute();
  await db.schema.dropIndex('mailSource_smtpLocalPart').execute();
  await db.schema.alterTable('mailSource').dropColumn('smtpLocalPart').execute();
}
