// Frozen in time: never import application code here.
import { type Kysely, sql } from 'kysely';
import { engineOf } from './portable';

/**
 * Phones and team chats: notification rules gain the channel types TEAMS and SLACK (the webhook URL,
 * a secret, sealed in `secret`, a masked form in `target`); Telegram chats are linked with one-time
 * codes (stored hashed) sent to the bot, whose updates are read from `telegramCursor`'s offset on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('telegramLinkCode')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('codeHash', 'text', (c) => c.notNull().unique())
    .addColumn('userId', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .addColumn('expiresAt', 'integer', (c) => c.notNull())
    .addColumn('usedAt', 'integer')
    .execute();
  await db.schema.createIndex('telegramLinkCode_user').on('telegramLinkCode').column('userId').execute();
  await db.schema
    .createTable('telegramCursor')
    .addColumn('bot', 'text', (c) => c.primaryKey())
    .addColumn('nextOffset', 'integer', (c) => c.notNull())
    .execute();
  await allowChannels(db, ['EMAIL', 'WEBHOOK', 'ESCALATION', 'TEAMS', 'SLACK']);
}

/** The channel type's check: PostgreSQL swaps the constraint, SQLite rebuilds the table (foreign keys off meanwhile). */
async function allowChannels(db: Kysely<any>, types: string[]) {
  const allowed = sql.join(types.map((t) => sql.lit(t)));
  if (engineOf(db) === 'postgres') {
    await sql`alter table "notificationRule" drop constraint "notificationRule_channelType_check"`.execute(db);
    await sql`alter table "notificationRule" add constraint "notificationRule_channelType_check" check ("channelType" in (${allowed}))`.execute(db);
    return;
  }
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.schema
      .createTable('notificationRule_new')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('dashboardId', 'integer', (c) => c.notNull().references('alarmDashboard.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('priorities', 'text', (c) => c.notNull())
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('unacknowledgedMinutes', 'integer')
      .addColumn('channelType', 'text', (c) => c.notNull().check(sql`"channelType" in (${allowed})`))
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('secret', 'text')
      .addColumn('createdAt', 'integer', (c) => c.notNull())
      .execute();
    await sql`insert into "notificationRule_new" select * from "notificationRule"`.execute(db);
    await db.schema.dropTable('notificationRule').execute();
    await db.schema.alterTable('notificationRule_new').renameTo('notificationRule').execute();
    await db.schema.createIndex('notificationRule_dashboard').on('notificationRule').column('dashboardId').execute();
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('notificationRule').where('channelType', 'in', ['TEAMS', 'SLACK']).execute();
  await allowChannels(db, ['EMAIL', 'WEBHOOK', 'ESCALATION']);
  for (const table of ['telegramCursor', 'telegramLinkCode']) await db.schema.dropTable(table).execute();
}
