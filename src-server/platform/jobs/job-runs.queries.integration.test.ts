import { beforeEach, expect, test } from 'vitest';
import { type DB, openDatabase } from '../db/database';
import { testDatabase } from '../../testing/test-database';
import { migrateToLatest } from '../db/migrate';
import { acquireJobLock, ensureJobRuns, finishJobRun } from './job-runs.queries';

let db: DB;
beforeEach(async () => {
  db = openDatabase(await testDatabase());
  await migrateToLatest(db);
  await ensureJobRuns(db, ['sync'], 100);
});

const row = () => db.selectFrom('jobRun').selectAll().where('name', '=', 'sync').executeTakeFirstOrThrow();

test('ensuring rows again keeps the existing schedule', async () => {
  await ensureJobRuns(db, ['sync', 'poll'], 500);
  expect((await row()).nextRunAt).toBe(100);
  expect(await db.selectFrom('jobRun').select('name').orderBy('name').execute()).toEqual([{ name: 'poll' }, { name: 'sync' }]);
});

test('a scheduled acquire waits until the job is due; a forced one does not', async () => {
  expect(await acquireJobLock(db, 'sync', 'a', 99, 60, true)).toBe(false);
  expect(await acquireJobLock(db, 'sync', 'a', 99, 60, false)).toBe(true);
  expect(await row()).toMatchObject({ lockedBy: 'a', lockedUntil: 159, lastStartedAt: 99 });
});

test('a live lock keeps every other holder out until it expires', async () => {
  expect(await acquireJobLock(db, 'sync', 'a', 100, 60, true)).toBe(true);
  expect(await acquireJobLock(db, 'sync', 'b', 159, 60, false)).toBe(false);
  expect(await acquireJobLock(db, 'sync', 'a', 159, 60, false)).toBe(false);
  expect(await acquireJobLock(db, 'sync', 'b', 160, 60, true)).toBe(true);
  expect((await row()).lockedBy).toBe('b');
});

test('only the holder records a run and releases the lock', async () => {
  await acquireJobLock(db, 'sync', 'a', 100, 60, true);
  const outcome = { ok: false as const, finishedAt: 110, nextRunAt: 170, error: 'kapot', failureCount: 1 };
  expect(await finishJobRun(db, 'sync', 'b', outcome)).toBe(false);
  expect(await row()).toMatchObject({ lockedBy: 'a', lastOk: null, failureCount: 0 });
  expect(await finishJobRun(db, 'sync', 'a', outcome)).toBe(true);
  expect(await row()).toMatchObject({ lockedBy: null, lockedUntil: null, lastOk: 0, lastError: 'kapot', failureCount: 1, nextRunAt: 170, lastFinishedAt: 110 });
});
