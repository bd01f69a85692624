// Frozen in time: never import application code here.
import { type Kysely, sql } from 'kysely';

/**
 * The alarm lifecycle: acknowledge and resolve on alarms, the dashboard's resolved
 * folder, the history of every change, heartbeats (signs of life per parser and key), silent
 * sources, and maintenance windows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alarm').addColumn('acknowledgedAt', 'integer').execute();
  await db.schema.alterTable('alarm').addColumn('resolvedAt', 'integer').execute();
  await db.schema
    .alterTable('alarm')
    .addColumn('resolutionBy', 'text', (c) => c.check(sql`"resolutionBy" in ('USER', 'RECOVERY', 'API', 'MAINTENANCE', 'SYSTEM')`))
    .execute();
  await db.schema.alterTable('alarm').addColumn('resolutionUserId', 'integer').execute();
  await db.schema.alterTable('alarm').addColumn('resolutionEmailId', 'integer').execute();
  // The alarm of the same key resolved less than 24 h before this one was raised (flapping).
  await db.schema.alterTable('alarm').addColumn('previousAlarmId', 'integer').execute();
  // Alarms already outside a relevant folder count as resolved when they last changed.
  await sql`update "alarm" set "resolvedAt" = "updatedAt", "resolutionBy" = 'SYSTEM'
    where "folderId" in (select "id" from "alarmFolder" where "relevant" = 0)`.execute(db);
  // Resolve by key and "the open alarm with this key": one index range per dashboard and key.
  await db.schema.createIndex('alarm_dashboard_key_resolved').on('alarm').columns(['dashboardId', 'groupKey', 'resolvedAt']).execute();
  // Response times: a covering range per dashboard over the receipt time.
  await db.schema
    .createIndex('alarm_dashboard_received_lifecycle')
    .on('alarm')
    .columns(['dashboardId', 'receivedAt', 'priorityRank', 'acknowledgedAt', 'resolvedAt', 'folderId'])
    .execute();

  await db.schema
    .alterTable('alarmDashboard')
    .addColumn('resolvedFolderId', 'integer', (c) => c.references('alarmFolder.id').onDelete('set null'))
    .execute();
  await sql`update "alarmDashboard" set "resolvedFolderId" =
    (select "id" from "alarmFolder" where "alarmFolder"."dashboardId" = "alarmDashboard"."id" and "name" = 'done' and "system" = 1)`.execute(db);

  await db.schema
    .createTable('alarmHistory')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('alarmId', 'integer', (c) => c.notNull().references('alarm.id').onDelete('cascade'))
    .addColumn('at', 'integer', (c) => c.notNull())
    .addColumn('actorType', 'text', (c) => c.notNull().check(sql`"actorType" in ('USER', 'EMAIL', 'API', 'SYSTEM')`))
    .addColumn('actorId', 'integer')
    .addColumn('actorName', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('alarmHistory_alarm').on('alarmHistory').columns(['alarmId', 'id']).execute();

  // What a parsing attempt did beyond matching: alarms it resolved, the heartbeat key it renewed.
  await db.schema.alterTable('parsingAttempt').addColumn('resolved', 'integer').execute();
  await db.schema.alterTable('parsingAttempt').addColumn('heartbeatKey', 'text').execute();

  await db.schema
    .createTable('heartbeat')
    .addColumn('parserId', 'integer', (c) => c.notNull().references('alarmParser.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('dashboardId', 'integer', (c) => c.notNull().references('alarmDashboard.id').onDelete('cascade'))
    .addColumn('lastSeenAt', 'integer', (c) => c.notNull())
    // The sign of life whose silence raised an alarm: one alarm per silence, across restarts.
    .addColumn('silenceRaisedFor', 'integer')
    .addPrimaryKeyConstraint('heartbeat_pk', ['parserId', 'key'])
    .execute();

  await db.schema.alterTable('mailSource').addColumn('silenceMinutes', 'integer').execute();
  await db.schema.alterTable('mailSource').addColumn('lastEmailAt', 'integer').execute();
  await db.schema.alterTable('mailSource').addColumn('silenceRaisedFor', 'integer').execute();
  await sql`update "mailSource" set "lastEmailAt" = (select max("receivedAt") from "alarmEmail" where "sourceId" = "mailSource"."id")`.execute(db);

  await db.schema
    .createTable('maintenanceWindow')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('dashboardId', 'integer', (c) => c.notNull().references('alarmDashboard.id').onDelete('cascade'))
    .addColumn('from', 'integer', (c) => c.notNull())
    .addColumn('to', 'integer', (c) => c.notNull())
    .addColumn('match', 'text')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('createdBy', 'integer', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('maintenanceWindow_dashboard_to').on('maintenanceWindow').columns(['dashboardId', 'to']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('maintenanceWindow').execute();
  for (const column of ['silenceRaisedFor', 'lastEmailAt', 'silenceMinutes']) await db.schema.alterTable('mailSource').dropColumn(column).execute();
  await db.schema.dropTable('heartbeat').execute();
  for (const column of ['heartbeatKey', 'resolved']) await db.schema.alterTable('parsingAttempt').dropColumn(column).execute();
  await db.schema.dropTable('alarmHistory').execute();
  await db.schema.alterTable('alarmDashboard').dropColumn('resolvedFolderId').execute();
  await db.schema.dropIndex('alarm_dashboard_received_lifecycle').execute();
  await db.schema.dropIndex('alarm_dashboard_key_resolved').execute();
  for (const column of ['previousAlarmId', 'resolutionEmailId', 'resolutionUserId', 'resolutionBy', 'resolvedAt', 'acknowledgedAt'])
    await db.schema.alterTable('alarm').dropColumn(column).execute();
}
