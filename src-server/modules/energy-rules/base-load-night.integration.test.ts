/**
 * BASE_LOAD windows that cross midnight (`22:00`–`06:00`) or end at it (`20:00`–`00:00`), over REST
 * with hand-stored quarter-hours: the night belongs to the day it starts on, it is judged once its
 * whole window has data, and a DST night's mean is over the quarters it really has (36 or 28).
 */
import { TZDate } from '@date-fns/tz';
import { expect, test } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { upsertMeasurements } from '../measurement-store/measurement-store.store';
import { evaluateAfterSync } from './energy-evaluation';

const V1 = '/api/v1';

/** Independent of the code under test: a local wall time by the time-zone database. */
const local = (date: string, time = '00:00') => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return new TZDate(y, m - 1, d, h, mi, 0, 'Europe/Amsterdam').getTime() / 1000;
};

async function world(now: { value: Date }) {
  const w = await createAlarmWorld({ clock: () => now.value });
  await w.h.feed({ uuid: 'feed-a', organizationId: w.orgA });
  const imp = await w.h.channel('feed-a', '1.8.0');
  const meter = await w.callers.admin.meter.create({
    type: 'electricity',
    name: 'Elektriciteitsmeter',
    locationId: w.a1,
    netImportChannel: { type: 'meterbeheer', id: imp },
  });
  /** Stores the quarters in [from, to) with `kwh(ts)` each, then evaluates as a sync does. */
  const sync = async (from: number, to: number, kwh: (ts: number) => number) => {
    const rows: { ts: number; value: number }[] = [];
    for (let ts = from; ts < to; ts += 900) rows.push({ ts, value: kwh(ts) });
    await w.h.db.transaction().execute((trx) => upsertMeasurements(trx, imp, rows));
    await evaluateAfterSync(w.h.energy, [imp]);
  };
  const api = async (method: string, path: string, json?: unknown) => {
    const res = await w.h.request(`${V1}${path}`, { method, json, token: w.tokens.installerA });
    return { status: res.status, body: await res.json() };
  };
  const rule = { name: 'Nachtverbruik', meterId: meter.id, dashboardId: w.dashA.id, type: 'BASE_LOAD', limitKw: 5 };
  const create = async (fields: Record<string, unknown>) => {
    const res = await api('POST', `/locations/${w.a1}/energy-rules`, { ...rule, ...fields });
    expect(res.status).toBe(201);
    return res.body as { id: number };
  };
  const alarms = async () => {
    const res = await api('GET', `/alarms/dashboards/${w.dashA.id}/alarms?size=100`);
    expect(res.status).toBe(200);
    return (res.body.alarms as { key: string; line: string }[]).map(({ key, line }) => ({ key, line })).sort((a, b) => a.key.localeCompare(b.key));
  };
  const preview = async (fields: Record<string, unknown>, from: string, to: string) => {
    const res = await api('POST', `/locations/${w.a1}/energy-rules/preview`, { rule: { ...rule, ...fields }, from, to });
    expect(res.status).toBe(200);
    return res.body.alarms as { key: string; line: string; data: Record<string, string> }[];
  };
  return { ...w, rule, api, sync, create, alarms, preview };
}

test('a window across midnight or ending at 00:00 is accepted; from equal to to is a 400 with a Dutch message', async () => {
  const w = await world({ value: new Date('2026-11-25T12:00:00Z') });
  const post = (fields: Record<string, unknown>) => w.api('POST', `/locations/${w.a1}/energy-rules`, { ...w.rule, ...fields });
  for (const window of [
    { from: '22:00', to: '06:00' },
    { from: '20:00', to: '00:00' },
    { from: '20:00', to: '24:00' },
  ]) {
    const res = await w.create(window);
    expect(res).toMatchObject({ type: 'BASE_LOAD', limitKw: 5, ...window });
  }
  for (const window of [
    { from: '05:00', to: '05:00' },
    { from: '00:00', to: '00:00' },
  ]) {
    const res = await post(window);
    expect(res.status).toBe(400);
    expect(res.body.error.fieldErrors).toEqual({ to: ['Begin en einde van het tijdvak mogen niet gelijk zijn.'] });
  }
  const res = await post({ from: '24:00', to: '06:00' });
  expect(res.status).toBe(400);
  expect(res.body.error.fieldErrors).toEqual({ from: ['Geef een tijd als 01:00 (UU:MM).'] });
});

test('a night belongs to the day it starts on: judged once its whole window has data, after a sync, looking back 7 days', async () => {
  // today is 25-11: the look-back covers the nights of 18-11 to 24-11
  const w = await world({ value: new Date('2026-11-25T12:00:00Z') });
  // 20 kW by day; a night at 2 kW, except 22:00-24:00 of the nights of 17, 18, 20 and 24-11 at 20 kW:
  // their mean is (8 × 20 + 24 × 2) / 32 = 6,5 kW, above 5 only when the evening before midnight counts
  const evening = new Set(['2026-11-17', '2026-11-18', '2026-11-20', '2026-11-24']);
  const kwh = (ts: number) => {
    const wall = new TZDate(ts * 1000, 'Europe/Amsterdam');
    const date = `${wall.getFullYear()}-${String(wall.getMonth() + 1).padStart(2, '0')}-${String(wall.getDate()).padStart(2, '0')}`;
    const hour = wall.getHours();
    if (hour >= 6 && hour < 22) return 5;
    return hour >= 22 && evening.has(date) ? 5 : 0.5;
  };
  await w.sync(local('2026-11-16'), local('2026-11-25'), kwh);
  const { id } = await w.create({ from: '22:00', to: '06:00' });
  const line = (ddmm: string) => `Basislast 6,5 kW boven 5 kW tussen 22:00 en 06:00 — Alfa Kantoor, Elektriciteitsmeter (${ddmm})`;
  // 17-11 started before the look-back; 24-11's night has no data after midnight yet
  expect(await w.alarms()).toEqual([
    { key: `energy:${id}:2026-11-18`, line: line('18-11') },
    { key: `energy:${id}:2026-11-20`, line: line('20-11') },
  ]);

  // a sync up to 03:00 still leaves the night incomplete; up to 06:00 it is whole
  await w.sync(local('2026-11-25'), local('2026-11-25', '03:00'), kwh);
  expect(await w.alarms()).toHaveLength(2);
  await w.sync(local('2026-11-25', '03:00'), local('2026-11-25', '06:00'), kwh);
  const three = [...(await w.alarms())];
  expect(three).toEqual([
    { key: `energy:${id}:2026-11-18`, line: line('18-11') },
    { key: `energy:${id}:2026-11-20`, line: line('20-11') },
    { key: `energy:${id}:2026-11-24`, line: line('24-11') },
  ]);
  const detail = await w.h.db.selectFrom('alarm').select(['data', 'occurrences']).where('groupKey', '=', `energy:${id}:2026-11-24`).executeTakeFirstOrThrow();
  expect(detail.occurrences).toBe(1);
  expect(JSON.parse(detail.data!)).toMatchObject({ value: '6.5', limit: '5', unit: 'kW', at: '2026-11-24T22:00:00+01:00' });
  // the rest of the day, and the same data again, raise nothing more
  await w.sync(local('2026-11-25', '06:00'), local('2026-11-25', '12:00'), kwh);
  await w.sync(local('2026-11-24'), local('2026-11-25', '12:00'), kwh);
  expect(await w.alarms()).toEqual(three);

  // the previews, saved and unsaved, judge the nights of their days: 20-11 to 24-11, not 19-11's
  const saved = await w.api('POST', `/energy-rules/${id}/preview`, { from: '2026-11-20', to: '2026-11-25' });
  expect(saved.status).toBe(200);
  expect(saved.body.alarms.map((a: { key: string }) => a.key)).toEqual([`energy:${id}:2026-11-20`, `energy:${id}:2026-11-24`]);
  const unsaved = await w.preview({ from: '22:00', to: '06:00' }, '2026-11-18', '2026-11-20');
  expect(unsaved.map(({ key, line }) => ({ key, line }))).toEqual([{ key: 'energy:nieuw:2026-11-18', line: line('18-11') }]);
  // ending at midnight: 20:00-00:00 is 8 quarters at 20 kW, then 8 at 20 kW (17, 18, 20 and 24-11: mean 20) or at 2 kW (mean 11)
  const untilMidnight = await w.preview({ from: '20:00', to: '00:00', limitKw: 12 }, '2026-11-16', '2026-11-26');
  expect(untilMidnight.map(({ key, line }) => ({ key, line }))).toEqual(
    ['17', '18', '20', '24'].map((d) => ({
      key: `energy:nieuw:2026-11-${d}`,
      line: `Basislast 20,0 kW boven 12 kW tussen 20:00 en 00:00 — Alfa Kantoor, Elektriciteitsmeter (${d}-11)`,
    })),
  );
});

test('DST nights: 24-10 holds 36 quarters, 28-03 holds 28; the mean is over those, each night judged once', async () => {
  const now = { value: new Date('2026-10-25T11:00:00Z') };
  const w = await world(now);
  // 24-10-2026 22:00 to 25-10 06:00: 9 hours. 1 kWh (4 kW) a quarter, the repeated hour's second
  // pass (02:00-03:00 winter time, 01:00-02:00 UTC) 2 kWh (8 kW): mean (32 × 4 + 4 × 8) / 36 = 4,44 kW
  const repeated = (ts: number) => ts >= Date.parse('2026-10-25T01:00:00Z') / 1000 && ts < Date.parse('2026-10-25T02:00:00Z') / 1000;
  await w.sync(local('2026-10-23'), local('2026-10-25'), () => 1);
  const { id } = await w.create({ from: '22:00', to: '06:00', limitKw: 4.4 });
  expect(await w.alarms()).toEqual([]);
  await w.sync(local('2026-10-25'), local('2026-10-25', '12:00'), (ts) => (repeated(ts) ? 2 : 1));
  await w.sync(local('2026-10-25'), local('2026-10-25', '12:00'), (ts) => (repeated(ts) ? 2 : 1));
  const line = 'Basislast 4,44 kW boven 4,4 kW tussen 22:00 en 06:00 — Alfa Kantoor, Elektriciteitsmeter (24-10)';
  expect(await w.alarms()).toEqual([{ key: `energy:${id}:2026-10-24`, line }]);
  const [night] = await w.preview({ from: '22:00', to: '06:00', limitKw: 4.4 }, '2026-10-24', '2026-10-25');
  expect(night).toMatchObject({ line, data: { value: '4.44', at: '2026-10-24T22:00:00+02:00' } });

  // 28-03-2026 22:00 to 29-03 06:00: 7 hours. 1 kWh a quarter, 05:00-06:00 summer time 3 kWh:
  // (24 × 4 + 4 × 12) / 28 = 5,14 kW
  now.value = new Date('2026-04-01T12:00:00Z');
  await w.sync(local('2026-03-27'), local('2026-03-30'), (ts) => (ts >= local('2026-03-29', '05:00') && ts < local('2026-03-29', '06:00') ? 3 : 1));
  const spring = await w.preview({ from: '22:00', to: '06:00', limitKw: 5 }, '2026-03-27', '2026-03-30');
  expect(spring).toEqual([
    {
      key: 'energy:nieuw:2026-03-28',
      line: 'Basislast 5,1 kW boven 5 kW tussen 22:00 en 06:00 — Alfa Kantoor, Elektriciteitsmeter (28-03)',
      priority: 'MEDIUM',
      data: { location: 'Alfa Kantoor', meter: 'Elektriciteitsmeter', value: '5.1', limit: '5', unit: 'kW', at: '2026-03-28T22:00:00+01:00' },
    },
  ]);
  // a window edge inside the skipped hour (02:30 does not exist on 29-03) neither fails nor doubles
  const gap = await w.preview({ from: '02:30', to: '01:30', limitKw: 1 }, '2026-03-27', '2026-03-30');
  expect(gap.map((a) => a.key)).toEqual(['energy:nieuw:2026-03-27', 'energy:nieuw:2026-03-28']);
});
