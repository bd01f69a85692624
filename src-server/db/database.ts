/**
 * The one database: Kysely over better-sqlite3 with WAL, foreign keys and a busy timeout, in files
 * only their owner may read.
 * `openDatabase(':memory:')` gives tests a private database.
 */
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema';

export type DB = Kysely<Database>;

export function openDatabase(file: string): DB {
  const onDisk = file !== ':memory:';
  // Created readable by the owner only; SQLite gives its -wal and -shm files the same mode.
  if (onDisk) closeSync(openSync(file, 'a', 0o600));
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  if (onDisk) ownerOnly(file);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/** The database and its WAL files, 0600 also where an older version left them readable to all. */
function ownerOnly(file: string) {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600);
}

/**
 * Kysely prepares every query anew; preparing costs more than running a small query. Reusing
 * prepared statements by SQL text is safe because Kysely runs one query at a time per connection.
 */
function withStatementCache(sqlite: SQLite.Database, size = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}
