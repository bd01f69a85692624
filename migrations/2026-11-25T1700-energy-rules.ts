// Frozen in time: never import application code here.
import type { Kysely } from 'kysely';

/**
 * Energy rules: per location, a rule on one meter raises alarms on one dashboard.
 * `config` holds the type's own fields as JSON; `evaluatedUntil` is the last evaluated point (UTC
 * seconds, exclusive) so a re-sync or a restart never evaluates the same data twice; `noDataKey`
 * is the key of the open NO_DATA alarm, resolved when data arrives.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('energyRule')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('locationId', 'integer', (c) => c.notNull().references('location.id').onDelete('cascade'))
    .addColumn('meterId', 'integer', (c) => c.notNull().references('meter.id').onDelete('cascade'))
    .addColumn('dashboardId', 'integer', (c) => c.notNull().references('alarmDashboard.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .addColumn('evaluatedUntil', 'integer', (c) => c.notNull())
    .addColumn('noDataKey', 'text')
    .execute();
  await db.schema.createIndex('energyRule_location').on('energyRule').column('locationId').execute();
  await db.schema.createIndex('energyRule_meter').on('energyRule').column('meterId').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('energyRule').execute();
}
