// Frozen in time: never import application code here.
import type { Kysely } from 'kysely';

/**
 * The first admin's password, when the product made it up and printed it at the first start, is
 * marked one-time (1) until its owner chooses their own; any new password clears the mark.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('user')
    .addColumn('oneTimePassword', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user').dropColumn('oneTimePassword').execute();
}
