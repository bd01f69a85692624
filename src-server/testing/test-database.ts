/**
 * The database an integration test opens: a private SQLite (in memory, or the
 * file given), or, with TEST_DATABASE_URL set (`npm run test:pg`), a fresh database of its own on
 * that PostgreSQL, dropped when the test (or, made outside a test, the file) ends. The harness and
 * the tests that open a database themselves call it, so every integration test runs on either
 * engine; opening the same answer twice opens the same database again (a restart).
 *
 * Migrating costs ~0.2–0.5 s on PostgreSQL, too much for suites that build hundreds of setups:
 * the run migrates one template database once (scripts/test-postgres-template.ts, a Vitest
 * globalSetup, TEST_DATABASE_TEMPLATE) and each test's database is `create database … template`
 * of it (~20 ms), an exact copy (tables, sequences, the migrator's own rows). Without a template
 * the database starts empty and the product migrates it as usual.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, onTestFinished } from 'vitest';
import { withDatabaseName } from './postgres';

/** A client on the server's own database, for creating and dropping the tests' databases. */
async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const dropped = new Map<string, () => Promise<void>>();

/** `empty`: on PostgreSQL a database with no tables at all (not the migrated template), as `db:copy` wants its target. */
export async function testDatabase(file = ':memory:', options: { empty?: boolean } = {}): Promise<string> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return file;
  const name = `test_${randomBytes(8).toString('hex')}`;
  const template = options.empty ? undefined : process.env.TEST_DATABASE_TEMPLATE;
  await admin(url, (c) => c.query(`create database "${name}"${template ? ` template "${template}"` : ''}`));
  // `with (force)` ends the connections of pools a test left open.
  let drop: Promise<void> | undefined;
  const target = withDatabaseName(url, name);
  const dropOnce = () => (drop ??= admin(url, (c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => undefined));
  dropped.set(target, dropOnce);
  try {
    onTestFinished(dropOnce);
  } catch {
    afterAll(dropOnce);
  }
  return target;
}

/** Drops a database testDatabase() made now rather than when the test ends (a test that makes hundreds); else nothing. */
export async function dropTestDatabase(target: string): Promise<void> {
  await dropped.get(target)?.();
  dropped.delete(target);
}

/** Whether the tests run on PostgreSQL: for the few tests of SQLite's own behaviour (file modes, WAL). */
export const testingOnPostgres = () => Boolean(process.env.TEST_DATABASE_URL);
