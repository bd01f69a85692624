import { afterEach, beforeEach, expect, test } from 'vitest';
import { type DB, engineOf, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { testDatabase } from '../../testing/test-database';
import { acquireJobLock, ensureJobRuns } from './job-runs.queries';
import { createLeasedWork } from './leased-work';
import { LEASE_SECONDS } from './lease-timing';
import { createLeases, releaseGoneLeases } from './leases';
import { acquireLease, releaseLease, renewLease } from './leases.queries';

let db: DB;
let now: number;
const clock = () => new Date(now * 1000);
beforeEach(async () => {
  db = openDatabase(await testDatabase());
  await migrateToLatest(db);
  now = 1_000_000;
});
afterEach(() => db.destroy());

test('a lease has one holder at a time: another instance gets it only once it expired', async () => {
  expect(await acquireLease(db, 'imap-idle:1', 'a', now)).toBe(true);
  expect(await acquireLease(db, 'imap-idle:1', 'b', now + LEASE_SECONDS - 1)).toBe(false);
  // Its holder taking it again is a renewal, not a second holder.
  expect(await acquireLease(db, 'imap-idle:1', 'a', now + 10)).toBe(true);
  expect(await acquireLease(db, 'imap-idle:1', 'b', now + 10 + LEASE_SECONDS - 1)).toBe(false);
  expect(await acquireLease(db, 'imap-idle:1', 'b', now + 10 + LEASE_SECONDS)).toBe(true);
  expect(await renewLease(db, 'imap-idle:1', 'a', now + 100)).toBe(false);
  expect(await db.selectFrom('lease').selectAll().execute()).toEqual([{ name: 'imap-idle:1', owner: 'b', expiresAt: now + 10 + 2 * LEASE_SECONDS }]);
});

test('many instances asking at once: exactly one gets the lease', async () => {
  const answers = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((owner) => acquireLease(db, 'x', owner, now)));
  expect(answers.filter(Boolean)).toHaveLength(1);
});

test('PostgreSQL: a lease or job row another instance is locking is skipped at once, not waited for (FOR UPDATE SKIP LOCKED)', async (ctx) => {
  if (engineOf(db) !== 'postgres') return ctx.skip();
  await acquireLease(db, 'x', 'a', now);
  await ensureJobRuns(db, ['sync'], now);
  const expired = now + LEASE_SECONDS;
  const answers = await db.transaction().execute(async (trx) => {
    // Another instance in the middle of taking both rows: they stay locked until it commits.
    await trx.selectFrom('lease').select('name').where('name', '=', 'x').forUpdate().execute();
    await trx.selectFrom('jobRun').select('name').where('name', '=', 'sync').forUpdate().execute();
    const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 2_000));
    return Promise.all([Promise.race([acquireLease(db, 'x', 'b', expired), waited]), Promise.race([acquireJobLock(db, 'sync', 'b', now, 30, false), waited])]);
  });
  expect(answers).toEqual([false, false]);
  // Once the row is free again, the expired lease and the free job lock are taken as before.
  expect(await acquireLease(db, 'x', 'b', expired)).toBe(true);
  expect(await acquireJobLock(db, 'sync', 'b', now, 30, false)).toBe(true);
});

test('a released lease is free at once; only its holder can release it', async () => {
  await acquireLease(db, 'x', 'a', now);
  await releaseLease(db, 'x', 'b');
  expect(await acquireLease(db, 'x', 'b', now)).toBe(false);
  await releaseLease(db, 'x', 'a');
  expect(await acquireLease(db, 'x', 'b', now)).toBe(true);
});

test('at start the only instance (SQLite) frees every other holder’s lease; otherwise only those of gone processes', async () => {
  await acquireLease(db, 'x', 'elders-host:1:abc', now);
  await releaseGoneLeases(db, 'me', false);
  expect(await acquireLease(db, 'x', 'me', now)).toBe(false);
  await releaseGoneLeases(db, 'me', true);
  expect(await acquireLease(db, 'x', 'me', now)).toBe(true);
});

test('leased work runs each item in one instance; when that instance stops renewing, the other takes the item over', async () => {
  const runs: string[] = [];
  const instance = (owner: string) => {
    const leases = createLeases({ db, clock, owner });
    const work = createLeasedWork({
      leases,
      leaseName: (id) => `w:${id}`,
      wanted: async () =>
        new Map([
          [1, 'k'],
          [2, 'k'],
        ]),
      start: (id) => {
        runs.push(`${owner} starts ${id}`);
        return async () => void runs.push(`${owner} stops ${id}`);
      },
      refreshMs: 3_600_000,
    });
    return { leases, work };
  };
  const a = instance('a');
  const b = instance('b');
  await a.work.refresh();
  await b.work.refresh();
  expect(runs).toEqual(['a starts 1', 'a starts 2']);
  expect(a.leases.held()).toEqual(['w:1', 'w:2']);
  expect(b.leases.held()).toEqual([]);
  // `a` dies (no more renewals): within the lease's time nothing moves, after it `b` takes over.
  now += LEASE_SECONDS - 1;
  await b.work.refresh();
  expect(b.leases.held()).toEqual([]);
  now += 1;
  await b.work.refresh();
  expect(runs.slice(2)).toEqual(['b starts 1', 'b starts 2']);
  // `a` comes back to life: its renewal fails, so it stops its copies instead of running them twice.
  await a.work.refresh();
  expect(runs.slice(4)).toEqual(['a stops 1', 'a stops 2']);
  expect(a.leases.held()).toEqual([]);
  await b.work.stop();
  expect(await db.selectFrom('lease').selectAll().execute()).toEqual([]);
});
