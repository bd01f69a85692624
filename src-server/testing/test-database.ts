/**
 * The database an integration test opens (DESIGN.md §12): a private SQLite (in memory, or the
 * file given), or, with TEST_DATABASE_URL set (`npm run test:pg`), a fresh schema of its own on
 * that PostgreSQL, dropped when the test (or, made outside a test, the file) ends. The harness and
 * the tests that open a database themselves call it, so every integration test runs on either
 * engine; opening the same answer twice opens the same database again (a restart).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, onTestFinished } from 'vitest';

export function testDatabase(file = ':memory:'): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return file;
  const schema = `test_${randomBytes(8).toString('hex')}`;
  // Kysely's migrator reads the tables of every schema: schemas left behind would slow every later test.
  const drop = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`).finally(() => client.end());
  };
  try {
    onTestFinished(drop);
  } catch {
    afterAll(drop);
  }
  const target = new URL(url);
  target.searchParams.set('schema', schema);
  return target.toString();
}

/** Whether the tests run on PostgreSQL: for the few tests of SQLite's own behaviour (file modes, WAL). */
export const testingOnPostgres = () => Boolean(process.env.TEST_DATABASE_URL);
