import { beforeAll, expect, test } from 'vitest';
import { localToUtc } from '@/lib/amsterdam';
import { createHarness, type Harness } from '../../testing/harness';
import { measurementsChanged } from '../measurement-store/figure-cache';
import { upsertMeasurements } from '../measurement-store/measurement-store.store';

/** Quarter-hours of a shop: busy 09:00–18:00 on Monday to Saturday, with a fixed wobble; read by local hour. */
function quarters(from: string, to: string, scale = 1) {
  const rows: { ts: number; value: number }[] = [];
  for (let ts = localToUtc(from); ts < localToUtc(to); ts += 900) {
    const local = new Date(ts * 1000).toLocaleString('en-GB', { timeZone: 'Europe/Amsterdam', weekday: 'short', hour: '2-digit', hour12: false });
    const hour = Number(local.slice(-2));
    const open = !local.startsWith('Sun') && hour >= 9 && hour < 18;
    rows.push({ ts, value: scale * (open ? 2.5 : 0.5) * (1 + ((ts / 900) % 13) / 100) });
  }
  return rows;
}

let h: Harness;
let token: string;
let channel: number;
const forecast = async (date: string) => {
  const res = await h.request(`/api/meter-channel/${channel}/measurements/predict-sum/hourly-at-date?date=${date}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as { timestamp: string; value: number | null; low: number | null; high: number | null }[];
};

beforeAll(async () => {
  h = await createHarness();
  await h.feed({ uuid: 'f' });
  channel = await h.channel('f', '1.8.0');
  await h.db.transaction().execute((trx) => upsertMeasurements(trx, channel, quarters('2024-01-01T00:00:00', '2024-12-01T00:00:00')));
  await h.user('admin', 'a@example.nl');
  token = (await h.signIn('a@example.nl')).accessToken;
}, 60_000);

test('the forecast of a day is the same whatever is stored for that day and after it, or whether anything is', async () => {
  const before = await forecast('2024-11-13');
  expect(before).toHaveLength(24);
  expect(before.every((x) => x.value !== null && x.low !== null && x.high !== null)).toBe(true);
  await h.db.transaction().execute((trx) => upsertMeasurements(trx, channel, quarters('2024-11-13T00:00:00', '2024-12-01T00:00:00', 1000)));
  measurementsChanged(h.db, [channel]);
  expect(await forecast('2024-11-13')).toEqual(before);
  for (const table of ['measurement', 'measurementHour'] as const)
    await h.db.deleteFrom(table).where('channelId', '=', channel).where('ts', '>=', localToUtc('2024-11-13T00:00:00')).execute();
  measurementsChanged(h.db, [channel]);
  expect(await forecast('2024-11-13')).toEqual(before);
});

test('DST days have 23 and 25 hours, each with a value and a band; the repeated autumn hour twice alike', async () => {
  const spring = await forecast('2024-03-31');
  expect(spring.map((x) => x.timestamp.slice(11))).not.toContain('02:00:00+01:00');
  expect(spring).toHaveLength(23);
  expect(spring.every((x) => x.value !== null && x.low !== null)).toBe(true);
  const autumn = await forecast('2024-10-27');
  expect(autumn).toHaveLength(25);
  expect(autumn[2]!.timestamp).toBe('2024-10-27T02:00:00+02:00');
  expect(autumn[3]!.timestamp).toBe('2024-10-27T02:00:00+01:00');
  expect(autumn[3]!.value).toBe(autumn[2]!.value);
  expect(autumn.every((x) => x.value !== null && x.high !== null)).toBe(true);
});

test('after a gap of two weeks the forecast still follows the shop’s week', async () => {
  for (const table of ['measurement', 'measurementHour'] as const)
    await h.db
      .deleteFrom(table)
      .where('channelId', '=', channel)
      .where('ts', '>=', localToUtc('2024-09-02T00:00:00'))
      .where('ts', '<', localToUtc('2024-09-16T00:00:00'))
      .execute();
  measurementsChanged(h.db, [channel]);
  const monday = await forecast('2024-09-16');
  expect(monday[12]!.value).toBeGreaterThan(2.5 * 4 * 0.95);
  expect(monday[3]!.value).toBeLessThan(0.5 * 4 * 1.2);
});
