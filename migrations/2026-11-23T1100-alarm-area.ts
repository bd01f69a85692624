// Frozen in time: never import application code here.
import { type Kysely, sql } from 'kysely';
import { engineOf } from './portable';

/** The alarm area: dashboards with their theme and settings, folders, alarms and assignees. */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = engineOf(db) === 'postgres';
  // Branding images, content-addressed: the same bytes are stored once and served immutable.
  await db.schema
    .createTable('brandingImage')
    .addColumn('sha256', 'text', (c) => c.primaryKey())
    .addColumn('contentType', 'text', (c) => c.notNull())
    .addColumn('bytes', 'blob', (c) => c.notNull())
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('alarmDashboard')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('organizationId', 'integer', (c) => c.notNull().references('organization.id'))
    // SQLite accepts a reference to a table made below; PostgreSQL gets it once alarmFolder exists.
    .addColumn('defaultFolderId', 'integer', (c) => (postgres ? c : c.references('alarmFolder.id').onDelete('set null')))
    .addColumn('defaultPriority', 'text', (c) =>
      c
        .notNull()
        .defaultTo('MEDIUM')
        .check(sql`"defaultPriority" in ('LOW', 'MEDIUM', 'HIGH')`),
    )
    .addColumn('brandingSha256', 'text', (c) => c.references('brandingImage.sha256'))
    .addColumn('customizable', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`customizable in (0, 1)`),
    )
    .addColumn('primary', 'text', (c) => c.notNull())
    .addColumn('primaryDark', 'text', (c) => c.notNull())
    .addColumn('secondary', 'text', (c) => c.notNull())
    .addColumn('secondaryDark', 'text', (c) => c.notNull())
    .addColumn('tertiary', 'text', (c) => c.notNull())
    .addColumn('tertiaryDark', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alarmDashboard_organization').on('alarmDashboard').columns(['organizationId', 'name']).execute();

  await db.schema
    .createTable('alarmFolder')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('dashboardId', 'integer', (c) => c.notNull().references('alarmDashboard.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    // `index` in the API; a reserved word in SQL.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('countMode', 'text', (c) => c.notNull().check(sql`"countMode" in ('NONE', 'UNREAD', 'UNASSIGNED', 'TOTAL')`))
    .addColumn('system', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trash', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('relevant', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('alarmFolder_dashboard_name', ['dashboardId', 'name'])
    .execute();
  if (postgres) {
    await db.schema
      .alterTable('alarmDashboard')
      .addForeignKeyConstraint('alarmDashboard_defaultFolderId_fkey', ['defaultFolderId'], 'alarmFolder', ['id'], (c) => c.onDelete('set null'))
      .execute();
  }

  await db.schema
    .createTable('alarm')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('dashboardId', 'integer', (c) => c.notNull().references('alarmDashboard.id').onDelete('cascade'))
    // No cascade: a folder's alarms are moved to the trash before the folder goes.
    .addColumn('folderId', 'integer', (c) => c.notNull().references('alarmFolder.id'))
    .addColumn('line', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull().check(sql`priority in ('LOW', 'MEDIUM', 'HIGH')`))
    // 1 LOW, 2 MEDIUM, 3 HIGH: sorts by priority without a CASE.
    .addColumn('priorityRank', 'integer', (c) => c.notNull())
    .addColumn('receivedAt', 'integer', (c) => c.notNull())
    .addColumn('deadlineAt', 'integer')
    .addColumn('seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    // JSON object of extracted strings.
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    // The line and the data values, lower-cased: what the list's search matches (portable LIKE).
    .addColumn('searchText', 'text', (c) => c.notNull())
    // Kept with every (un)assignment, so "unassigned" is an indexed count, not a subquery per alarm.
    .addColumn('assigneeCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('occurrences', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('lastOccurredAt', 'integer', (c) => c.notNull())
    // Grouping key of the parser that made it (repeats within a window add occurrences).
    .addColumn('groupKey', 'text')
    // The stored e-mail it came from (mail sources add that table); null for API and phone alarms.
    .addColumn('alarmEmailId', 'integer')
    .addColumn('updatedAt', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alarm_folder_received').on('alarm').columns(['folderId', 'receivedAt', 'id']).execute();
  await db.schema.createIndex('alarm_folder_priority').on('alarm').columns(['folderId', 'priorityRank', 'receivedAt']).execute();
  await db.schema.createIndex('alarm_folder_deadline').on('alarm').columns(['folderId', 'deadlineAt']).execute();
  await db.schema.createIndex('alarm_folder_seen').on('alarm').columns(['folderId', 'seen']).execute();
  await db.schema.createIndex('alarm_folder_assignees').on('alarm').columns(['folderId', 'assigneeCount']).execute();
  // Periodic counts: one covering range per bucket and priority.
  await db.schema.createIndex('alarm_dashboard_priority_received').on('alarm').columns(['dashboardId', 'priorityRank', 'receivedAt', 'folderId']).execute();
  await db.schema.createIndex('alarm_group').on('alarm').columns(['dashboardId', 'groupKey', 'lastOccurredAt']).execute();

  await db.schema
    .createTable('alarmAssignee')
    .addColumn('alarmId', 'integer', (c) => c.notNull().references('alarm.id').onDelete('cascade'))
    .addColumn('userId', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('alarmAssignee_pk', ['alarmId', 'userId'])
    .execute();
  await db.schema.createIndex('alarmAssignee_user').on('alarmAssignee').columns(['userId', 'alarmId']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['alarmAssignee', 'alarm', 'alarmFolder', 'alarmDashboard', 'brandingImage']) await db.schema.dropTable(table).execute();
}
