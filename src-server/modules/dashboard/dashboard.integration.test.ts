import { expect, test } from 'vitest';
import { localToUtc } from '@/lib/amsterdam';
import { measurementsChanged } from '../measurements/figure-cache';
import { upsertMeasurements } from '../measurements/measurements.store';
import { createHarness } from '../../testing/harness';

/** Wednesday 13 November 2024, 12:00 in Amsterdam. */
const NOW = new Date('2024-11-13T11:00:00Z');

async function world() {
  const h = await createHarness({ clock: () => NOW });
  const org = await h.organization();
  const loc = await h.location(org, 'Hoofdkantoor');
  const other = await h.location(org, 'Elders');
  await h.feed({ uuid: 'f', organizationId: org });
  const power = await h.channel('f', '1.8.0');
  const feedIn = await h.channel('f', '2.8.0');
  await h.db
    .insertInto('meter')
    .values({ locationId: loc, name: 'E', type: 'electricity', netImportChannelId: power, netExportChannelId: feedIn, createdAt: 0 })
    .execute();
  // 1 kWh every quarter-hour from Monday 4 November up to now, feed-in 0.5 only on the 11th
  const rows: { ts: number; value: number }[] = [];
  for (let ts = localToUtc('2024-11-04T00:00:00'); ts < NOW.getTime() / 1000; ts += 900) rows.push({ ts, value: 1 });
  await h.db.transaction().execute((trx) => upsertMeasurements(trx, power, rows));
  const feedInRows: { ts: number; value: number }[] = [];
  for (let ts = localToUtc('2024-11-11T00:00:00'); ts < localToUtc('2024-11-12T00:00:00'); ts += 900) feedInRows.push({ ts, value: 0.5 });
  await h.db.transaction().execute((trx) => upsertMeasurements(trx, feedIn, feedInRows));
  await h.user('customer', 'klant@example.nl', { locationIds: [loc] });
  const caller = await h.caller((await h.signIn('klant@example.nl')).accessToken);
  return { h, loc, other, caller };
}

test('a location’s modules: today so far and this week against the same span of last week, by the injected clock', async () => {
  const { loc, caller } = await world();
  const dashboard = await caller.dashboard.location({ locationId: loc });
  const power = dashboard.modules.find((m) => m.selector === 'elektriciteit')!;
  expect(power.todaySoFar).toBe(12 * 4); // midnight to 12:00
  expect(power.thisWeek).toBe((2 * 24 + 12) * 4); // Monday, Tuesday and Wednesday morning
  expect(power.lastWeekSameSpan).toBe((2 * 24 + 12) * 4);
  const feedIn = dashboard.modules.find((m) => m.selector === 'teruglevering')!;
  expect(feedIn.thisWeek).toBe(48);
  expect(feedIn.lastWeekSameSpan).toBe(0);
  // where each module page opens: the newest stored interval
  expect(power.lastDataAt).toBe('2024-11-13T10:45:00.000Z');
  expect(feedIn.lastDataAt).toBe('2024-11-11T22:45:00.000Z');
  expect(dashboard.modules.map((m) => m.selector)).toEqual(['elektriciteit', 'teruglevering']);
});

test('the location list holds only the customer’s locations, each with this week’s use', async () => {
  const { loc, caller } = await world();
  const locations = await caller.dashboard.locations();
  expect(locations).toEqual([
    expect.objectContaining({ id: loc, selector: `${loc}-hoofdkantoor`, modules: ['elektriciteit', 'teruglevering'], weekConsumption: (2 * 24 + 12) * 4 }),
  ]);
});

test('a location outside the customer’s scope reads as absent', async () => {
  const { other, caller } = await world();
  await expect(caller.dashboard.location({ locationId: other })).rejects.toMatchObject({ code: 'NOT_FOUND' });
});

test('today’s forecast and last week’s whole days are computed once per day, until new values arrive for the channels', async () => {
  const { h, loc, caller } = await world();
  const { netImportChannelId } = await h.db.selectFrom('meter').select('netImportChannelId').where('locationId', '=', loc).executeTakeFirstOrThrow();
  const first = (await caller.dashboard.location({ locationId: loc })).modules[0]!;
  expect([first.todayForecast, first.lastWeekSameSpan]).toEqual([96, 240]);
  // Last week's Monday to Wednesday doubled, written behind the cache's back (not by the sync):
  const doubled: { ts: number; value: number }[] = [];
  for (let ts = localToUtc('2024-11-04T00:00:00'); ts < localToUtc('2024-11-07T00:00:00'); ts += 900) doubled.push({ ts, value: 2 });
  await h.db.transaction().execute((trx) => upsertMeasurements(trx, netImportChannelId!, doubled));
  const cached = (await caller.dashboard.location({ locationId: loc })).modules[0]!;
  expect(cached.todayForecast).toBe(96);
  expect(cached.lastWeekSameSpan).toBe(2 * 24 * 4 + 12 * 4 * 2); // whole days cached, last Wednesday morning read now
  // The sync reports new values for the channel: the figures are computed again.
  measurementsChanged(h.db, [netImportChannelId!]);
  const fresh = (await caller.dashboard.location({ locationId: loc })).modules[0]!;
  expect([fresh.todayForecast, fresh.lastWeekSameSpan]).toEqual([192, (2 * 24 + 12) * 4 * 2]);
});
