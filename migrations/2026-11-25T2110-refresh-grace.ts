// Frozen in time: never import application code here.
import type { Kysely } from 'kysely';

/**
 * A spent refresh token's answer for its grace window, shared by every instance:
 * the pair its rotation gave, encrypted with a key derived from the spent token's own
 * secret (which the database never holds), so only a holder of that token can read it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('session').addColumn('rotatedTo', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('session').dropColumn('rotatedTo').execute();
}
