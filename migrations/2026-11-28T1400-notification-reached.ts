// Frozen in time: never import application code here.
import type { Kysely } from 'kysely';

/**
 * A notification mailed to each of a dashboard's users remembers whom it reached (a JSON array of
 * user ids), so a retry after one address failed mails only those not yet reached.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notification').addColumn('reached', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notification').dropColumn('reached').execute();
}
