// Frozen in time: never import application code here.
import type { Kysely } from 'kysely';

/**
 * What a location's customers see of its alarms (`customerView`: NONE or SUMMARY) and whether they
 * get the monthly mail (0/1); the organization's contact block for its customers; and one row per
 * location and month whose monthly mail went out, so it is sent once across restarts and instances.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('location')
    .addColumn('customerView', 'text', (c) => c.notNull().defaultTo('NONE'))
    .execute();
  await db.schema
    .alterTable('location')
    .addColumn('monthlyMail', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('organization').addColumn('contactPhone', 'text').execute();
  await db.schema.alterTable('organization').addColumn('contactEmail', 'text').execute();
  await db.schema.alterTable('organization').addColumn('contactHours', 'text').execute();
  await db.schema
    .createTable('customerMonthlyMail')
    .addColumn('locationId', 'integer', (c) => c.notNull().references('location.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('claimedBy', 'text', (c) => c.notNull())
    .addColumn('claimedAt', 'integer', (c) => c.notNull())
    .addColumn('sentAt', 'integer')
    .addColumn('reached', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('error', 'text')
    .addPrimaryKeyConstraint('customerMonthlyMail_pk', ['locationId', 'month'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('customerMonthlyMail').execute();
  for (const column of ['contactPhone', 'contactEmail', 'contactHours']) await db.schema.alterTable('organization').dropColumn(column).execute();
  await db.schema.alterTable('location').dropColumn('monthlyMail').execute();
  await db.schema.alterTable('location').dropColumn('customerView').execute();
}
