/** Which engine a database runs on (DESIGN.md §12), read from the dialect Kysely was given. */
import { PostgresAdapter } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/** Any Kysely instance, whatever its tables. */
export function engineOf(db: { getExecutor(): { adapter: unknown } }): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
