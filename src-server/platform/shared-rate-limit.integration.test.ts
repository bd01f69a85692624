/** The database-kept sliding window (shared-rate-limit.ts): limiters of different windows on one table leave each other's attempts alone. */
import path from 'node:path';
import { expect, test, onTestFinished } from 'vitest';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createSharedLimiter } from './shared-rate-limit';
import { testTempDir } from '../testing/temp-dir';
import { testDatabase } from '../testing/test-database';

test('a limiter with a short window clearing its old attempts keeps a longer window’s attempts counted', async () => {
  const db = openDatabase(await testDatabase(path.join(testTempDir('energie-limit-'), 'app.db')));
  onTestFinished(() => db.destroy());
  await migrateToLatest(db);
  let now = 1_000_000;
  const signIns = createSharedLimiter(db, 'email', 2, 15 * 60, () => now);
  const hooks = createSharedLimiter(db, 'hook-token', 600, 60, () => now);
  expect((await signIns.reserve('anna@example.nl')).retryAfter).toBe(0);
  expect((await signIns.reserve('anna@example.nl')).retryAfter).toBe(0);
  now += 120;
  // The hook limiter's clean-up (everything of its own older than a minute) runs now.
  expect((await hooks.reserve('1')).retryAfter).toBe(0);
  // The two sign-in attempts of two minutes ago still count in their 15-minute window.
  expect((await signIns.reserve('anna@example.nl')).retryAfter).toBe(15 * 60 - 120);
});
