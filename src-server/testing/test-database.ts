/**
 * The database an integration test opens (DESIGN.md §12): a private SQLite (in memory, or the
 * file given), or, with TEST_DATABASE_URL set (`npm run test:pg`), a fresh schema of its own on
 * that PostgreSQL. The harness and the tests that open a database themselves call it, so every
 * integration test runs on either engine; opening the same answer twice opens the same database
 * again (a restart).
 */
import { randomBytes } from 'node:crypto';

export function testDatabase(file = ':memory:'): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return file;
  const target = new URL(url);
  target.searchParams.set('schema', `test_${randomBytes(8).toString('hex')}`);
  return target.toString();
}

/** Whether the tests run on PostgreSQL: for the few tests of SQLite's own behaviour (file modes, WAL). */
export const testingOnPostgres = () => Boolean(process.env.TEST_DATABASE_URL);
