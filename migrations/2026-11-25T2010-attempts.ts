// Frozen in time: never import application code here.
import type { Kysely } from 'kysely';

/**
 * Counted attempts (failed sign-ins per e-mail and per IP) shared by every instance on one
 * database. Ids give the order in which attempts were counted. `at` in UTC seconds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('attempt')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attempt_key').on('attempt').columns(['key', 'id']).execute();
  await db.schema.createIndex('attempt_at').on('attempt').column('at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('attempt').execute();
}
