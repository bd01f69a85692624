// Frozen in time: never import application code here.
import type { Kysely } from 'kysely';

/**
 * Leases for long-running work that must run in one instance at a time: who holds
 * the named work until when. Times in UTC seconds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lease')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lease').execute();
}
