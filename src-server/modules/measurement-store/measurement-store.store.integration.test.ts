import { expect, test } from 'vitest';
import { createHarness } from '../../testing/harness';
import { aggregate, round, sumTotal } from './measurement-store.queries';
import { upsertMeasurements } from './measurement-store.store';

test('hourly sums follow every write, corrections included, and agree with the quarter-hours', async () => {
  const h = await createHarness();
  const id = await h.channel(await h.feed({ uuid: 'f' }));
  const hour = 1_700_002_800; // a whole hour
  await upsertMeasurements(
    h.db,
    id,
    [0, 1, 2, 3, 4].map((i) => ({ ts: hour + i * 900, value: 1 })),
  );
  expect(await h.db.selectFrom('measurementHour').select(['ts', 'value']).orderBy('ts').execute()).toEqual([
    { ts: hour, value: 4 },
    { ts: hour + 3600, value: 1 },
  ]);
  await upsertMeasurements(h.db, id, [{ ts: hour + 900, value: 3 }]);
  const hours = await aggregate(h.db, [id], 'hour', hour, hour + 7200);
  expect(hours.map((b) => b.values[0])).toEqual([6, 1]);
  // Whole hours read the sums, other ranges the quarter-hours: both agree.
  expect(await sumTotal(h.db, [id], hour, hour + 7200)).toBe(7);
  expect(await sumTotal(h.db, [id], hour + 900, hour + 7200)).toBe(6);
});

test('sums come back from the database exactly, not to 15 digits: per hour, per quarter, several channels, gaps as null', async () => {
  const h = await createHarness();
  const feed = await h.feed({ uuid: 'f' });
  const [a, b] = [await h.channel(feed, 'a'), await h.channel(feed, 'b')];
  const hour = 1_700_002_800; // a whole hour
  // Values with 17 significant digits, tiny and large ones among them; channel b skips its second hour.
  const value = (i: number, k: number) => (k === 0 ? Math.PI * (i + 1) * 1234.5678901 : 1 / (3 + i) + (i % 5 === 0 ? 1e-9 : 1e7));
  for (const [k, id] of [a, b].entries()) {
    const rows = Array.from({ length: 48 }, (_, i) => ({ ts: hour + i * 900, value: value(i, k) })).filter(
      (r) => k === 0 || r.ts < hour + 3600 || r.ts >= hour + 7200,
    );
    await upsertMeasurements(h.db, id, rows);
  }
  const stored = await h.db.selectFrom('measurementHour').select(['channelId', 'ts', 'value']).orderBy('ts').execute();
  const expected = (id: number, ts: number) => {
    const row = stored.find((r) => r.channelId === id && r.ts === ts);
    return row ? round(row.value) : null;
  };
  const hours = await aggregate(h.db, [b, a], 'hour', hour, hour + 12 * 3600);
  expect(hours).toHaveLength(12);
  hours.forEach((bucket, i) => expect(bucket.values).toEqual([expected(b, hour + i * 3600), expected(a, hour + i * 3600)]));
  expect(hours[1]!.values[0]).toBeNull();
  // Quarter-hours: grouped in SQL from the stored quarters.
  const quarters = await aggregate(h.db, [a], 'quarter_hour', hour, hour + 3600);
  expect(quarters.map((q) => q.values[0])).toEqual([0, 1, 2, 3].map((i) => round(value(i, 0))));
  // A range with nothing stored: every bucket null.
  expect((await aggregate(h.db, [a, b], 'hour', hour - 7200, hour)).map((q) => q.values)).toEqual([
    [null, null],
    [null, null],
  ]);
});
