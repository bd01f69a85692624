import { expect, test } from 'vitest';
import { addDays, localDate, localMidnight, localToUtc, wallClock } from '@/lib/amsterdam';
import { measurementsChanged } from '../measurement-store/figure-cache';
import { aggregate, channelStats, sumAndCount } from '../measurement-store/measurement-store.queries';
import { upsertMeasurements } from '../measurement-store/measurement-store.store';
import { createHarness, type Harness } from '../../testing/harness';
import { dataEnd, figureOf, shiftDays } from './span-figure';
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

/** One location's recent days as the day aggregate and the sums of its spans answer them on their own. */
async function recentDaysAlone(db: Harness['db'], channelIds: number[], nowTs: number) {
  const stats = await channelStats(db, channelIds);
  if (stats.length === 0) return null;
  const last = Math.max(...stats.map((s) => Number(s.lastTs)));
  const endDate = localDate(dataEnd(last, nowTs));
  const from = localMidnight(addDays(endDate, -7));
  const to = localMidnight(endDate);
  const days = await aggregate(db, channelIds, 'day', from, to);
  const sum = (values: (number | null)[]) => (values.every((v) => v === null) ? null : values.reduce<number>((s, v) => s + (v ?? 0), 0));
  return {
    ...figureOf(from, to, await sumAndCount(db, channelIds, from, to), await sumAndCount(db, channelIds, shiftDays(from, -7), shiftDays(to, -7))),
    days: days.map((d) => ({ date: d.timestamp.slice(0, 10), value: sum(d.values) })),
    lastDataAt: new Date(last * 1000).toISOString(),
  };
}

/** A module's figures as summed span by span. */
async function moduleAlone(db: Harness['db'], channelIds: number[], now: Date) {
  const nowTs = Math.floor(now.getTime() / 1000);
  const today = localDate(nowTs);
  const monday = addDays(today, -((wallClock(nowTs).getUTCDay() + 6) % 7));
  const stats = await channelStats(db, channelIds);
  const last = stats.length === 0 ? null : Math.max(...stats.map((s) => Number(s.lastTs)));
  const end = last === null ? localMidnight(addDays(monday, -7)) : dataEnd(last, nowTs);
  const span = async (from: number, to: number) =>
    to <= from
      ? figureOf(from, from, { total: null, count: 0 }, { total: null, count: 0 })
      : figureOf(from, to, await sumAndCount(db, channelIds, from, to), await sumAndCount(db, channelIds, shiftDays(from, -7), shiftDays(to, -7)));
  return {
    lastDataAt: last === null ? null : new Date(last * 1000).toISOString(),
    latestDay: last === null ? null : await span(localMidnight(localDate(last)), end),
    thisWeek: await span(localMidnight(monday), Math.min(end, nowTs)),
    lastWeek: await span(localMidnight(addDays(monday, -7)), Math.min(end, localMidnight(monday))),
  };
}

test('the location list and each location’s dashboard give the figures their spans summed one by one give, across a DST change', async () => {
  // Tuesday 5 November 2024, 11:20: the fourteen days before cross the end of summer time (27 October).
  const now = new Date('2024-11-05T10:20:00Z');
  const h = await createHarness({ clock: () => now });
  const org = await h.organization();
  await h.feed({ uuid: 'f', organizationId: org });
  const uneven = (from: string, to: string, seed: number) => {
    const rows: { ts: number; value: number }[] = [];
    for (let ts = localToUtc(from); ts < localToUtc(to); ts += 900) rows.push({ ts, value: 0.1 + ((ts / 900 + seed) % 17) * 0.0137 });
    return rows;
  };
  let code = 0;
  const meter = async (locationId: number, name: string, type: 'electricity' | 'gas', data: [string, string][]) => {
    const channel = await h.channel('f', `c${++code}`);
    for (const [from, to] of data) await h.db.transaction().execute((trx) => upsertMeasurements(trx, channel, uneven(from, to, code)));
    await h.db.insertInto('meter').values({ locationId, name, type, netImportChannelId: channel, netExportChannelId: null, createdAt: 0 }).execute();
    return channel;
  };
  const power: Record<string, number[]> = {};
  // Two meters up to yesterday; one whose data stopped ten days ago; one with a gap in the week before; gas only; no data.
  const a = await h.location(org, 'A');
  power.A = [
    await meter(a, 'Hal', 'electricity', [['2024-10-10T00:00:00', '2024-11-05T00:00:00']]),
    await meter(a, 'Kantoor', 'electricity', [['2024-10-20T00:00:00', '2024-11-04T13:00:00']]),
  ];
  const b = await h.location(org, 'B');
  power.B = [await meter(b, 'Oud', 'electricity', [['2024-10-01T00:00:00', '2024-10-26T07:15:00']])];
  const c = await h.location(org, 'C');
  power.C = [
    await meter(c, 'Gat', 'electricity', [
      ['2024-10-15T00:00:00', '2024-10-24T00:00:00'],
      ['2024-10-25T00:00:00', '2024-11-05T00:00:00'],
    ]),
  ];
  const d = await h.location(org, 'D');
  await meter(d, 'Gas', 'gas', [['2024-10-01T00:00:00', '2024-11-05T00:00:00']]);
  const e = await h.location(org, 'E');
  power.E = [await meter(e, 'Leeg', 'electricity', [])];
  // Data beyond now (a meter's clock ahead): today's spans end at now, off the hour (summed from the quarter-hours).
  const f = await h.location(org, 'F');
  power.F = [await meter(f, 'Voor', 'electricity', [['2024-10-20T00:00:00', '2024-11-05T12:00:00']])];
  await h.user('admin', 'beheer@example.nl');
  const caller = await h.caller((await h.signIn('beheer@example.nl')).accessToken);

  const list = await caller.dashboard.locations();
  const nowTs = Math.floor(now.getTime() / 1000);
  expect(list.map((l) => l.name)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
  for (const [name, channelIds] of Object.entries(power)) {
    expect(list.find((l) => l.name === name)!.recentDays, name).toEqual(await recentDaysAlone(h.db, channelIds, nowTs));
  }
  expect(list.find((l) => l.name === 'A')!.recentDays).toMatchObject({ previous: expect.any(Number) });
  // And each location's own dashboard: every module's spans as summed one by one.
  for (const location of list) {
    for (const module of (await caller.dashboard.location({ locationId: location.id })).modules) {
      expect(module, `${location.name} ${module.selector}`).toMatchObject(await moduleAlone(h.db, module.channelIds, now));
    }
  }
  expect(list.find((l) => l.name === 'B')!.recentDays!.days[0]!.date).toBe('2024-10-19');
  expect(list.find((l) => l.name === 'C')!.recentDays!.previous).toBeNull();
  expect(list.find((l) => l.name === 'D')).toMatchObject({ modules: ['gas'], recentDays: null });
  expect(list.find((l) => l.name === 'E')).toMatchObject({ modules: ['elektriciteit'], recentDays: null });
});
