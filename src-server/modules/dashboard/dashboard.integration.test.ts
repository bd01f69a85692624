import { expect, test } from 'vitest';
import { localToUtc } from '@/lib/amsterdam';
import { measurementsChanged } from '../measurement-store/figure-cache';
import { upsertMeasurements } from '../measurement-store/measurement-store.store';
import { createHarness } from '../../testing/harness';
import { testingOnPostgres } from '../../testing/test-database';

/** Wednesday 13 November 2024, 12:00 in Amsterdam. */
const WEDNESDAY = new Date('2024-11-13T11:00:00Z');
/** Monday 18 November 2024, 09:00 in Amsterdam. */
const MONDAY = new Date('2024-11-18T08:00:00Z');

const quarters = (from: string, to: string, value: number) => {
  const rows: { ts: number; value: number }[] = [];
  for (let ts = localToUtc(from); ts < localToUtc(to); ts += 900) rows.push({ ts, value });
  return rows;
};

/** As the HUB publishes: 1 kWh a quarter from Monday 4 November up to yesterday midnight; feed-in 0.5 only on the 11th. */
async function world(now: Date) {
  const h = await createHarness({ clock: () => now });
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
  const yesterdayMidnight = `${new Date(now.getTime()).toISOString().slice(0, 10)}T00:00:00`;
  await h.db.transaction().execute((trx) => upsertMeasurements(trx, power, quarters('2024-11-04T00:00:00', yesterdayMidnight, 1)));
  await h.db.transaction().execute((trx) => upsertMeasurements(trx, feedIn, quarters('2024-11-11T00:00:00', '2024-11-12T00:00:00', 0.5)));
  await h.user('customer', 'klant@example.nl', { locationIds: [loc] });
  const caller = await h.caller((await h.signIn('klant@example.nl')).accessToken);
  return { h, loc, other, power, caller };
}

const iso = (local: string) => new Date(localToUtc(local) * 1000).toISOString();

test('mid-week: the newest day and this week run up to where the data ends, each against the same days a week earlier', async () => {
  const { loc, caller } = await world(WEDNESDAY);
  const dashboard = await caller.dashboard.location({ locationId: loc });
  const power = dashboard.modules.find((m) => m.selector === 'elektriciteit')!;
  expect(power.lastDataAt).toBe(iso('2024-11-12T23:45:00'));
  expect(power.firstDataAt).toBe(iso('2024-11-04T00:00:00'));
  // Yesterday against last Tuesday; this week up to yesterday against last Monday and Tuesday, not against last week up to now.
  expect(power.latestDay).toEqual({ from: iso('2024-11-12T00:00:00'), to: iso('2024-11-13T00:00:00'), value: 96, previous: 96 });
  expect(power.thisWeek).toEqual({ from: iso('2024-11-11T00:00:00'), to: iso('2024-11-13T00:00:00'), value: 192, previous: 192 });
  // Last week is whole, but the week before it has no data: no comparison.
  expect(power.lastWeek).toEqual({ from: iso('2024-11-04T00:00:00'), to: iso('2024-11-11T00:00:00'), value: 672, previous: null });
  const feedIn = dashboard.modules.find((m) => m.selector === 'teruglevering')!;
  expect(feedIn.latestDay).toMatchObject({ value: 48, previous: null });
  expect(feedIn.thisWeek).toMatchObject({ value: 48, previous: null });
  expect(dashboard.modules.map((m) => m.selector)).toEqual(['elektriciteit', 'teruglevering']);
});

test('on a Monday this week has no data yet (null, not 0) and last week is compared whole with the week before', async () => {
  const { loc, caller } = await world(MONDAY);
  const power = (await caller.dashboard.location({ locationId: loc })).modules[0]!;
  expect(power.thisWeek).toMatchObject({ value: null, previous: null });
  expect(power.lastWeek).toEqual({ from: iso('2024-11-11T00:00:00'), to: iso('2024-11-18T00:00:00'), value: 672, previous: 672 });
  expect(power.latestDay).toMatchObject({ from: iso('2024-11-17T00:00:00'), value: 96, previous: 96 });
});

test('a week before with part of its data missing is no comparison', async () => {
  const { h, loc, power, caller } = await world(WEDNESDAY);
  await h.db.deleteFrom('measurement').where('channelId', '=', power).where('ts', '<', localToUtc('2024-11-05T00:00:00')).execute();
  await h.db.deleteFrom('measurementHour').where('channelId', '=', power).where('ts', '<', localToUtc('2024-11-05T00:00:00')).execute();
  const module = (await caller.dashboard.location({ locationId: loc })).modules[0]!;
  expect(module.thisWeek).toMatchObject({ value: 192, previous: null });
  expect(module.latestDay).toMatchObject({ value: 96, previous: 96 });
});

test('the location list holds only the customer’s locations, each with the last seven whole days of electricity per day', async () => {
  const { loc, caller } = await world(WEDNESDAY);
  const locations = await caller.dashboard.locations();
  expect(locations).toHaveLength(1);
  expect(locations[0]).toMatchObject({ id: loc, selector: `${loc}-hoofdkantoor`, modules: ['elektriciteit', 'teruglevering'] });
  const recent = locations[0]!.recentDays!;
  expect(recent.days.map((d) => d.date)).toEqual(['2024-11-06', '2024-11-07', '2024-11-08', '2024-11-09', '2024-11-10', '2024-11-11', '2024-11-12']);
  expect(recent.days.every((d) => d.value === 96)).toBe(true);
  // The seven days before hold only two days of data: no comparison.
  expect(recent).toMatchObject({ value: 672, previous: null, lastDataAt: iso('2024-11-12T23:45:00') });
});

test('a location outside the customer’s scope reads as absent', async () => {
  const { other, caller } = await world(WEDNESDAY);
  await expect(caller.dashboard.location({ locationId: other })).rejects.toMatchObject({ code: 'NOT_FOUND' });
});

test('today’s forecast is computed once per day, until new values arrive for the channels', async () => {
  const { h, power, loc, caller } = await world(WEDNESDAY);
  expect((await caller.dashboard.location({ locationId: loc })).modules[0]!.todayForecast).toBe(96);
  // Last week's Monday to Wednesday doubled, written behind the cache's back (not by the sync):
  await h.db.transaction().execute((trx) => upsertMeasurements(trx, power, quarters('2024-11-04T00:00:00', '2024-11-07T00:00:00', 2)));
  const forecast = async () => (await caller.dashboard.location({ locationId: loc })).modules[0]!.todayForecast;
  const fresh = () => caller.measurement.predictTotal({ channelIds: String(power), date: '2024-11-13' });
  if (testingOnPostgres()) {
    // PostgreSQL tells every instance of each committed write to `measurement` (change notices), this one included.
    const end = Date.now() + 2000;
    while ((await forecast()) === 96 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
  } else {
    const cached = (await caller.dashboard.location({ locationId: loc })).modules[0]!;
    expect(cached.todayForecast).toBe(96);
    expect(cached.thisWeek.previous).toBe(384); // the sums are read on every view
    measurementsChanged(h.db, [power]);
  }
  expect(await forecast()).toBeGreaterThan(96);
  expect(await forecast()).toBe(await fresh());
});
