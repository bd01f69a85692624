// Frozen in time: never import application code here.
import { type Kysely, sql } from 'kysely';
import { engineOf } from './portable';

/**
 * Escalation: policies per dashboard (steps as JSON), one escalation per rule and alarm that walks
 * them, people's contact methods, one-time action links (stored hashed), and notification rows that
 * reach one person (`userId`, `contactMethodId`, `recipient` tells them apart, so the once-index
 * gains it). Notification rules gain the channel type ESCALATION (the policy's id in `target`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('escalationPolicy')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('dashboardId', 'integer', (c) => c.notNull().references('alarmDashboard.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('repeat', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('escalationPolicy_dashboard').on('escalationPolicy').column('dashboardId').execute();

  await db.schema
    .createTable('escalation')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('ruleId', 'integer', (c) => c.notNull().references('notificationRule.id').onDelete('cascade'))
    .addColumn('policyId', 'integer', (c) => c.notNull().references('escalationPolicy.id').onDelete('cascade'))
    .addColumn('alarmId', 'integer', (c) => c.notNull().references('alarm.id').onDelete('cascade'))
    .addColumn('dashboardId', 'integer', (c) => c.notNull())
    .addColumn('startedAt', 'integer', (c) => c.notNull())
    // Steps sent so far, over all rounds.
    .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dueAt', 'integer')
    .addColumn('lastUsers', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('stoppedAt', 'integer')
    .addColumn('stopReason', 'text')
    .addColumn('stoppedBy', 'text')
    .execute();
  await db.schema.createIndex('escalation_once').on('escalation').columns(['ruleId', 'alarmId']).unique().execute();
  await db.schema.createIndex('escalation_due').on('escalation').column('dueAt').execute();
  await db.schema.createIndex('escalation_alarm').on('escalation').column('alarmId').execute();

  await db.schema
    .createTable('contactMethod')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('userId', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contactMethod_once').on('contactMethod').columns(['userId', 'type', 'target']).unique().execute();

  await db.schema
    .createTable('actionToken')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('alarmId', 'integer', (c) => c.notNull().references('alarm.id').onDelete('cascade'))
    .addColumn('userId', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .addColumn('expiresAt', 'integer', (c) => c.notNull())
    .addColumn('usedAt', 'integer')
    .addColumn('action', 'text')
    .execute();
  await db.schema.createIndex('actionToken_expires').on('actionToken').column('expiresAt').execute();

  await db.schema
    .alterTable('notification')
    .addColumn('userId', 'integer', (c) => c.references('user.id').onDelete('cascade'))
    .execute();
  await db.schema.alterTable('notification').addColumn('contactMethodId', 'integer').execute();
  await db.schema.alterTable('notification').addColumn('step', 'integer').execute();
  await db.schema
    .alterTable('notification')
    .addColumn('recipient', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.dropIndex('notification_once').execute();
  await db.schema.createIndex('notification_once').on('notification').columns(['ruleId', 'alarmId', 'event', 'recipient']).unique().execute();

  await allowEscalationChannel(db);
}

/** The channel type's check gains ESCALATION: PostgreSQL swaps the constraint, SQLite rebuilds the table (foreign keys off meanwhile). */
async function allowEscalationChannel(db: Kysely<any>) {
  if (engineOf(db) === 'postgres') {
    await sql`alter table "notificationRule" drop constraint "notificationRule_channelType_check"`.execute(db);
    await sql`alter table "notificationRule" add constraint "notificationRule_channelType_check" check ("channelType" in ('EMAIL', 'WEBHOOK', 'ESCALATION'))`.execute(
      db,
    );
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
      .addColumn('channelType', 'text', (c) => c.notNull().check(sql`"channelType" in ('EMAIL', 'WEBHOOK', 'ESCALATION')`))
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
  await db.schema.dropIndex('notification_once').execute();
  await db.schema.createIndex('notification_once').on('notification').columns(['ruleId', 'alarmId', 'event']).unique().execute();
  for (const column of ['recipient', 'step', 'contactMethodId', 'userId']) await db.schema.alterTable('notification').dropColumn(column).execute();
  for (const table of ['actionToken', 'contactMethod', 'escalation', 'escalationPolicy']) await db.schema.dropTable(table).execute();
}
