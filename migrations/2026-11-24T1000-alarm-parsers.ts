// Frozen in time: never import application code here.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/** Alarm e-mail parsers and the link from an e-mail to the alarm it made or repeated. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alarmParser')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('dashboardId', 'integer', (c) => c.notNull().references('alarmDashboard.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // 0..n-1 per dashboard, dense: the order the pipeline runs them in.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('DEFAULT', 'CUSTOM')`))
    // No foreign key: a parser of a deleted source keeps it and matches nothing, rather than every source.
    .addColumn('sourceId', 'integer')
    .addColumn('configJson', 'text')
    .addColumn('code', 'text')
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .addColumn('updatedAt', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alarmParser_dashboard_position').on('alarmParser').columns(['dashboardId', 'position']).execute();
  // The parsers page counts each parser's attempts of the last 24 hours.
  await db.schema.createIndex('parsingAttempt_parser_time').on('parsingAttempt').columns(['parserId', 'timestamp']).execute();
  // The alarm an e-mail made or added an occurrence to (no foreign key: a dangling id means it is gone).
  await db.schema.alterTable('alarmEmail').addColumn('alarmId', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alarmEmail').dropColumn('alarmId').execute();
  await db.schema.dropIndex('parsingAttempt_parser_time').execute();
  await db.schema.dropTable('alarmParser').execute();
}
