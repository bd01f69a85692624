// Frozen in time: never import application code here.
import type { Kysely } from 'kysely';

/**
 * Why a parser was switched off by the product itself: one that keeps hitting
 * its time limit. Null when it is on, or was switched off by a person.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alarmParser').addColumn('disabledReason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alarmParser').dropColumn('disabledReason').execute();
}
