// Frozen in time: never import application code here.
import type { Kysely } from 'kysely';

/**
 * An alarm may name the customer location it is about: set by the REST call, hooks,
 * parsers and energy rules. A deleted location leaves its alarms without one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('alarm')
    .addColumn('locationId', 'integer', (c) => c.references('location.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('alarm_location').on('alarm').columns(['locationId', 'receivedAt']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('alarm_location').execute();
  await db.schema.alterTable('alarm').dropColumn('locationId').execute();
}
