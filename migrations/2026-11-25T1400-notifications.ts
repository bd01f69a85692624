// Frozen in time: never import application code here.
import { type Kysely, sql } from 'kysely';

/**
 * Outbound notifications: rules per dashboard, one notification row per rule,
 * alarm and event (delivered by a job, retried), the cursor over the alarm history that turns
 * changes into notifications, and the first Message-ID per alarm for threading e-mails.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notificationRule')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('dashboardId', 'integer', (c) => c.notNull().references('alarmDashboard.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('priorities', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('unacknowledgedMinutes', 'integer')
    .addColumn('channelType', 'text', (c) => c.notNull().check(sql`"channelType" in ('EMAIL', 'WEBHOOK')`))
    // EMAIL: JSON `"ASSIGNABLE"` or an address list; WEBHOOK: the URL.
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('secret', 'text')
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notificationRule_dashboard').on('notificationRule').column('dashboardId').execute();

  await db.schema
    .createTable('notification')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('ruleId', 'integer', (c) => c.references('notificationRule.id').onDelete('cascade'))
    .addColumn('dashboardId', 'integer', (c) => c.notNull().references('alarmDashboard.id').onDelete('cascade'))
    .addColumn('alarmId', 'integer', (c) => c.notNull().references('alarm.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`"status" in ('PENDING', 'SENT', 'FAILED')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lastError', 'text')
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .addColumn('sentAt', 'integer')
    .addColumn('nextAttemptAt', 'integer')
    .execute();
  // Never twice for one rule, alarm and event.
  await db.schema.createIndex('notification_once').on('notification').columns(['ruleId', 'alarmId', 'event']).unique().execute();
  await db.schema.createIndex('notification_due').on('notification').columns(['status', 'nextAttemptAt']).execute();
  await db.schema.createIndex('notification_dashboard').on('notification').columns(['dashboardId', 'id']).execute();

  await db.schema
    .createTable('notificationCursor')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('lastHistoryId', 'integer', (c) => c.notNull())
    .execute();
  // Start after the history that exists: alarms from before the feature notify no one.
  await sql`insert into "notificationCursor" ("name", "lastHistoryId") select 'history', coalesce(max("id"), 0) from "alarmHistory"`.execute(db);

  await db.schema
    .createTable('alarmMailThread')
    .addColumn('alarmId', 'integer', (c) => c.primaryKey().references('alarm.id').onDelete('cascade'))
    .addColumn('messageId', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['alarmMailThread', 'notificationCursor', 'notification', 'notificationRule']) await db.schema.dropTable(table).execute();
}
