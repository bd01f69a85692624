/** The statements that ask the database about itself rather than about a table. */
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema';

type Executor = Pick<Kysely<Database>, 'executeQuery'>;

/** Answers when the database does; throws when it cannot be reached. */
export async function ping(db: Executor): Promise<void> {
  await db.executeQuery(CompiledQuery.raw('select 1'));
}

/** PostgreSQL: the schema this connection works in (the target's `?schema=`, else `public`). */
export async function currentSchema(db: Executor): Promise<string | undefined> {
  const { rows } = await db.executeQuery(CompiledQuery.raw('select current_schema() as "s"'));
  return (rows[0] as { s: string } | undefined)?.s;
}
