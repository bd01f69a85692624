// Frozen in time: never import application code here.
import { type Kysely, sql } from 'kysely';

/** Mail into the alarm area: sources, stored e-mails with their raw MIME, parsing attempts. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mailSource')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('dashboardId', 'integer', (c) => c.notNull().references('alarmDashboard.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('IMAP', 'MICROSOFT_GRAPH')`))
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
    // The IMAP password or the Graph client secret, sealed with SECRET_KEY.
    .addColumn('secret', 'text')
    .addColumn('pollIntervalSeconds', 'integer', (c) => c.notNull().defaultTo(60))
    // IMAP cursor: UIDVALIDITY (as text: it is a 32-bit unsigned number) and the last stored UID.
    .addColumn('uidValidity', 'text')
    .addColumn('lastUid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lastCheckedAt', 'integer')
    .addColumn('lastError', 'text')
    .addColumn('messagesStored', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failureCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nextAttemptAt', 'integer')
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('alarmEmail')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('dashboardId', 'integer', (c) => c.notNull().references('alarmDashboard.id').onDelete('cascade'))
    // A deleted source keeps its e-mails.
    .addColumn('sourceId', 'integer', (c) => c.references('mailSource.id').onDelete('set null'))
    .addColumn('messageId', 'text')
    // Message-ID, else the SHA-256 of the raw bytes: one stored e-mail per source and key.
    .addColumn('dedupeKey', 'text', (c) => c.notNull())
    .addColumn('receivedAt', 'integer', (c) => c.notNull())
    .addColumn('readAt', 'integer')
    .addColumn('subject', 'text')
    .addColumn('fromJson', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('toJson', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sentAt', 'integer')
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    // Sanitized when stored; shown only in a sandboxed frame.
    .addColumn('html', 'text')
    .addColumn('headersJson', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('parsingStatus', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PENDING')
        .check(sql`"parsingStatus" in ('PENDING', 'MATCHED', 'REJECTED')`),
    )
    .addColumn('parsedAt', 'integer')
    // gzip of the raw MIME; null when the message was over the size cap (then `rejectedReason` says so).
    .addColumn('rawGzip', 'blob')
    .addColumn('rawSize', 'integer', (c) => c.notNull())
    .addColumn('rejectedReason', 'text')
    .addUniqueConstraint('alarmEmail_source_dedupe', ['sourceId', 'dedupeKey'])
    .execute();
  await db.schema.createIndex('alarmEmail_dashboard_received').on('alarmEmail').columns(['dashboardId', 'receivedAt']).execute();
  await db.schema.createIndex('alarmEmail_status').on('alarmEmail').columns(['parsingStatus', 'id']).execute();

  await db.schema
    .createTable('parsingAttempt')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('emailId', 'integer', (c) => c.notNull().references('alarmEmail.id').onDelete('cascade'))
    .addColumn('timestamp', 'integer', (c) => c.notNull())
    // Parsers come with the parser module; an attempt that names no parser is the MIME reader's.
    .addColumn('parserId', 'integer')
    .addColumn('parserName', 'text')
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('MATCHED', 'FAILED', 'REJECTED')`))
    .addColumn('exceptionType', 'text')
    .addColumn('exceptionMessage', 'text')
    .addColumn('exceptionStackTrace', 'text')
    .addColumn('reason', 'text')
    .execute();
  await db.schema.createIndex('parsingAttempt_email').on('parsingAttempt').columns(['emailId', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['parsingAttempt', 'alarmEmail', 'mailSource']) await db.schema.dropTable(table).execute();
}
