/** What a restore into PostgreSQL asks the database: who holds it, and moving its schema aside. */
import { sql } from 'kysely';
import type { DB } from '../../platform/db/database';

/** Owners of live leases and job locks: a server still works on this database. */
export async function liveHolders(db: DB, now: number): Promise<string[]> {
  const present = await sql<{
    n: string;
  }>`select table_name as "n" from information_schema.tables where table_schema = current_schema() and table_name in ('lease', 'jobRun')`.execute(db);
  const tables = new Set(present.rows.map((r) => r.n));
  const owners = new Set<string>();
  if (tables.has('lease')) for (const r of await db.selectFrom('lease').select('owner').where('expiresAt', '>', now).execute()) owners.add(r.owner);
  if (tables.has('jobRun'))
    for (const r of await db.selectFrom('jobRun').select('lockedBy').where('lockedUntil', '>', now).where('lockedBy', 'is not', null).execute())
      owners.add(r.lockedBy!);
  return [...owners].sort();
}

export async function schemaOf(db: DB): Promise<string> {
  return (await sql<{ s: string }>`select current_schema() as "s"`.execute(db)).rows[0]!.s;
}

/** The schema and everything in it renamed to `aside`; an empty schema of the old name in its place. */
export async function renameSchemaAside(db: DB, schema: string, aside: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`alter schema ${sql.id(schema)} rename to ${sql.id(aside)}`.execute(tx);
    await sql`create schema ${sql.id(schema)}`.execute(tx);
  });
}
