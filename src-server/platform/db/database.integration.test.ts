/** The same values from either engine: `npm test` checks SQLite, `npm run test:pg` PostgreSQL. */
import { afterEach, expect, test } from 'vitest';
import { testDatabase, testingOnPostgres } from '../../testing/test-database';
import { type DB, engineOf, openDatabase } from './database';
import { migrateToLatest } from './migrate';

let db: DB;
afterEach(() => db?.destroy());

test('counts, sums, averages, ids and times come back as JS numbers, on either engine', async () => {
  db = openDatabase(await testDatabase());
  await migrateToLatest(db);
  expect(engineOf(db)).toBe(testingOnPostgres() ? 'postgres' : 'sqlite');
  // Past 2^31: a time in milliseconds or a large id still fits and still reads as a number.
  const big = 4_102_444_800_123;
  const { id } = await db.insertInto('organization').values({ name: 'Groot', createdAt: big }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('organization').values({ name: 'Klein', createdAt: 1 }).execute();
  expect(typeof id).toBe('number');
  const row = await db
    .selectFrom('organization')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('createdAt').as('total'), eb.fn.max('createdAt').as('latest'), eb.fn.avg('createdAt').as('mean')])
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ n: 2, total: big + 1, latest: big, mean: (big + 1) / 2 });
  // A REAL is a double on both: a measurement keeps its digits.
  const feed = { uuid: 'f', provider: 'fudura', name: 'n', meterKind: 'electricity', status: 'verified', createTimestamp: 1 } as const;
  await db.insertInto('feed').values(feed).execute();
  const channel = await db
    .insertInto('channel')
    .values({ feedUuid: 'f', code: '1.8.0', url: 'u', createTimestamp: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('measurement').values({ channelId: channel.id, ts: 0, value: 0.123456789012 }).execute();
  expect(await db.selectFrom('measurement').select('value').executeTakeFirstOrThrow()).toEqual({ value: 0.123456789012 });
});
