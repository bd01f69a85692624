/**
 * The one database, on one of two engines:
 * - a SQLite file (the default): Kysely over better-sqlite3 with WAL, foreign keys and a busy
 *   timeout, in files only their owner may read; `openDatabase(':memory:')` gives a private one;
 * - PostgreSQL, when the target is a `postgres://` URL (DATABASE_URL): Kysely's PostgresDialect
 *   over a `pg` pool. `?schema=<name>` (ours, not libpq's) puts every table in that schema,
 *   created when missing: one database can hold several isolated copies (the tests use it).
 *
 * Values come back the same on both engines: numbers as numbers (PostgreSQL's int8, which
 * counts and sums give, and numeric too: ids and times stay far below 2^53), booleans as the
 * 0/1 integers the tables store (no column is of a boolean type; mappers turn them into
 * booleans), times as the integer UTC seconds the tables store. Where SQL must differ, the module
 * that needs it asks `engineOf(db)` and keeps both forms side by side.
 */
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { ping } from './database.queries';
import type { Database } from './schema';

export type DB = Kysely<Database>;
export { engineOf } from '../../../migrations/portable';

export const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//i.test(target);

export interface DatabaseOptions {
  /** PostgreSQL only: the most connections this process opens (DATABASE_POOL_SIZE, default 10). */
  poolSize?: number;
}

/** A SQLite file (or `:memory:`), or a `postgres://` URL. */
export function openDatabase(target: string, options: DatabaseOptions = {}): DB {
  return isPostgresUrl(target) ? openPostgres(target, options.poolSize ?? 10) : openSqlite(target);
}

/** The database cannot be used as configured (a bad `?schema=`, no server, a refused sign-in): one line for the operator. */
export class DatabaseOpenError extends Error {}

/** A file, or a URL without its password (for logs and start-up lines). */
export function describeTarget(target: string) {
  if (!isPostgresUrl(target)) return target;
  const url = new URL(target);
  if (url.password) url.password = '***';
  return url.toString();
}

/**
 * `openDatabase` and one query, for start-up: a database that cannot be reached or signed in to
 * (ECONNREFUSED, an unknown host, a wrong password, no such database) is a DatabaseOpenError
 * naming the target and the reason, not a stack trace from the first migration.
 */
export async function openReachableDatabase(target: string, options: DatabaseOptions = {}): Promise<DB> {
  const db = openDatabase(target, options);
  try {
    await ping(db);
    return db;
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw new DatabaseOpenError(`Cannot open the database ${describeTarget(target)}: ${reasonOf(error)}`);
  }
}

/** An error's own words; Node's AggregateError (every address of `localhost` refused) has none, its parts do. */
function reasonOf(error: unknown): string {
  const e = error as { message?: string; code?: string; errors?: unknown[] };
  if (e?.message) return e.message.split('\n')[0]!;
  if (e?.errors?.length) return reasonOf(e.errors[0]);
  return e?.code ?? String(error);
}

function openSqlite(file: string): DB {
  const onDisk = file !== ':memory:';
  // Created readable by the owner only; SQLite gives its -wal and -shm files the same mode.
  if (onDisk) closeSync(openSync(file, 'a', 0o600));
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  if (onDisk) ownerOnly(file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  sqliteHandles.set(db, sqlite);
  return db;
}

const sqliteHandles = new WeakMap<DB, SQLite.Database>();

/**
 * The better-sqlite3 connection under a SQLite `DB` as `openDatabase` made it (not one made by
 * `withPlugin`): the online backup runs on the product's own connection, so writes made during it
 * are carried into the copy instead of restarting it.
 */
export const sqliteHandleOf = (db: DB): SQLite.Database | undefined => sqliteHandles.get(db);

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

const INT8 = 20;
const NUMERIC = 1700;

/** pg's own parsers, except that int8 (count, sum, bigint columns) and numeric (avg) are numbers as on SQLite. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
};

/** `?schema=` taken off the URL: pg does not know it. */
function splitSchema(url: string): { url: string; schema?: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DatabaseOpenError('Invalid configuration: DATABASE_URL: not a valid URL');
  }
  const schema = parsed.searchParams.get('schema') ?? undefined;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema))
    throw new DatabaseOpenError(`Invalid configuration: DATABASE_URL: schema must be lower-case letters, digits and _: ${schema}`);
  parsed.searchParams.delete('schema');
  return { url: parsed.toString(), schema };
}

function openPostgres(target: string, poolSize: number): DB {
  const { url, schema } = splitSchema(target);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types,
    // A host that drops packets fails a connection (and /healthz answers 503) instead of hanging on the OS's timeout.
    connectionTimeoutMillis: 10_000,
    // A pool that is not closed (a test that forgets) does not keep the process alive.
    allowExitOnIdle: true,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client whose server went away must not take the process down; the next query reconnects.
  pool.on('error', () => undefined);
  let created: Promise<unknown> | undefined;
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool,
      // The schema is made by the first connection; the others wait for it.
      onCreateConnection: schema
        ? async (connection) => {
            created ??= connection.executeQuery(CompiledQuery.raw(`create schema if not exists "${schema}"`));
            await created;
          }
        : undefined,
    }),
  });
}
