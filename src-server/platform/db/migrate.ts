import { Migrator } from 'kysely';
import { migrations } from '../../../migrations';
import { PortableSchemaPlugin } from '../../../migrations/portable';
import { type DB, engineOf } from './database';
import { currentSchema } from './database.queries';

/** Runs every pending migration; throws with the failing migration's name. On PostgreSQL through the portable-schema mapping. */
export async function migrateToLatest(db: DB): Promise<void> {
  const postgres = engineOf(db) === 'postgres';
  // Kysely looks for its migration tables in every schema unless told which: the one this database uses (`?schema=`).
  const schema = postgres ? await currentSchema(db) : undefined;
  const migrator = new Migrator({
    db: postgres ? db.withPlugin(new PortableSchemaPlugin()) : db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
