import type { Kysely } from 'kysely';

/** Ingest tokens: monitoring tools post alarms to one dashboard's hooks; only the token's SHA-256 is kept. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ingestToken')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('dashboardId', 'integer', (c) => c.notNull().references('alarmDashboard.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('createdBy', 'integer', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .addColumn('lastUsedAt', 'integer')
    .execute();
  await db.schema.createIndex('ingestToken_dashboard').on('ingestToken').column('dashboardId').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ingestToken').execute();
}
