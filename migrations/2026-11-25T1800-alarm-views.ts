// Frozen in time: never import application code here.
import { type Kysely, sql } from 'kysely';

/**
 * The console for a working day: saved views per user and dashboard, the e-mail's
 * subject in an alarm's search text (the dashboard-wide search matches it), and indexes for the
 * dashboard-wide filters.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alarmView')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('dashboardId', 'integer', (c) => c.notNull().references('alarmDashboard.id').onDelete('cascade'))
    .addColumn('userId', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    /** JSON object of strings: the query parameters of the dashboard-wide list. */
    .addColumn('filter', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alarmView_user').on('alarmView').columns(['dashboardId', 'userId', 'name']).execute();
  // Searching an e-mail's alarm by the subject: appended once, as the line and data values are.
  await db
    .updateTable('alarm')
    .set({
      searchText: sql`"searchText" || ${'\n'} || lower((select "subject" from "alarmEmail" where "alarmEmail"."id" = "alarm"."alarmEmailId"))`,
    })
    .where('alarmEmailId', 'is not', null)
    .where(sql`(select "subject" from "alarmEmail" where "alarmEmail"."id" = "alarm"."alarmEmailId")`, 'is not', null)
    .execute();
  await db.schema.createIndex('alarm_dashboard_location').on('alarm').columns(['dashboardId', 'locationId', 'receivedAt']).execute();
  await db.schema.createIndex('alarm_dashboard_deadline').on('alarm').columns(['dashboardId', 'resolvedAt', 'deadlineAt']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('alarm_dashboard_deadline').execute();
  await db.schema.dropIndex('alarm_dashboard_location').execute();
  await db.schema.dropTable('alarmView').execute();
}
