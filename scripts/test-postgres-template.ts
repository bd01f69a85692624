/**
 * Vitest globalSetup: with TEST_DATABASE_URL (`npm run test:pg`), one database migrated once for
 * the whole run, which every test's database is copied from (`testDatabase()`,
 * src-server/testing/test-database.ts): TEST_DATABASE_TEMPLATE names it for the workers. Dropped
 * at the end. Without TEST_DATABASE_URL it does nothing.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src-server/platform/db/database';
import { migrateToLatest } from '../src-server/platform/db/migrate';
import { withDatabaseName } from '../src-server/testing/postgres';

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  await query(url, `create database "${name}"`);
  // A template must have no connections when it is copied: the migrating pool is closed first.
  const db = openDatabase(withDatabaseName(url, name));
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  process.env.TEST_DATABASE_TEMPLATE = name;
  return () => query(url, `drop database if exists "${name}" with (force)`);
}
