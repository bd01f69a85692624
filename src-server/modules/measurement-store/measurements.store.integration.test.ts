import { expect, test } from 'vitest';
import { createHarness } from '../../testing/harness';
import { aggregate, sumTotal } from './measurements.queries';
import { upsertMeasurements } from './measurements.store';

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
