/**
 * Energy rules against the HUB simulator's data: previews and evaluation after syncs, with every
 * expectation computed from the simulator's formula (`intervalValue`) in local Amsterdam days.
 */
import path from 'node:path';
import { TZDate } from '@date-fns/tz';
import { afterEach, describe, expect, test, onTestFinished } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { createHarness } from '../../testing/harness';
import { testTempDir } from '../../testing/temp-dir';
import { type HubSimulator, startHubSimulator } from '../meterbeheer/hub-simulator/hub-simulator';
import { intervalValue, seedOf } from '../meterbeheer/hub-simulator/profiles';
import { ENERGY_NO_DATA_JOB } from './energy-rules.jobs';

let sim: HubSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const power = {
  provider: 'kenter' as const,
  name: 'Stroom',
  postalCode: '3511 ED',
  houseNumber: '1',
  meterKind: 'electricity' as const,
  ean: '871234567890123456',
  username: 'u',
  password: 'p',
};

/** Independent of the code under test: local midnight by the time-zone database, days stepped by the calendar. */
const local = (date: string, time = '00:00') => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return new TZDate(y, m - 1, d, h, mi, 0, 'Europe/Amsterdam').getTime() / 1000;
};
const midnight = (date: string) => local(date);
const nextDay = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const days = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = from; d < to; d = nextDay(d)) out.push(d);
  return out;
};
/** Dutch decimals as people read them (Intl rounds the shortest decimal form: 0.635 → "0,64"). */
const comma = (n: number, digits = 1) => new Intl.NumberFormat('nl-NL', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
/** A figure next to its limit: one decimal, more (up to 3) where one would read as the limit itself. */
const digitsBeside = (value: number, limit: number) => {
  let d = 1;
  while (d < 3 && comma(value, d) === comma(limit, d)) d++;
  return d;
};
const beside = (value: number, limit: number) => comma(value, digitsBeside(value, limit));
const plainBeside = (value: number, limit: number) => value.toFixed(digitsBeside(value, limit));
const hhmm = (ts: number) =>
  new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ts * 1000);
const ddmm = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}`;
const offsetIso = (ts: number) => {
  const wall = new TZDate(ts * 1000, 'Europe/Amsterdam');
  const offset = -wall.getTimezoneOffset() / 60;
  return `${new Date(ts * 1000 + offset * 3_600_000).toISOString().slice(0, 19)}+0${offset}:00`;
};

/** On a busy machine a HUB request may time out (2 s in tests); the sync resumes where it stopped. */
async function syncFully(caller: { meterbeheer: { sync: () => Promise<{ failed: number }> } }) {
  for (let i = 0; i < 3 && (await caller.meterbeheer.sync()).failed > 0; i++);
}

async function setup(now: { value: Date }, options: { historyDays?: number; databaseFile?: string } = {}) {
  sim = await startHubSimulator({ now: () => now.value, historyDays: 400 });
  const w = await createAlarmWorld({
    clock: () => now.value,
    databaseFile: options.databaseFile,
    hub: { baseUrl: sim.baseUrl, apiKey: sim.apiKey, historyDays: options.historyDays ?? 12 },
  });
  const admin = w.callers.admin;
  const feed = await admin.meterbeheer.addFeed(power);
  await syncFully(admin);
  const channels = (await admin.meterbeheer.feed({ uuid: feed.uuid })).channels!;
  const imp = channels.find((c) => c.code === '1.8.0')!;
  const exp = channels.find((c) => c.code === '2.8.0')!;
  const meter = await admin.meter.create({
    type: 'electricity',
    name: 'Elektriciteitsmeter',
    locationId: w.a1,
    netImportChannel: { type: 'meterbeheer', id: imp.id },
    netExportChannel: { type: 'meterbeheer', id: exp.id },
  });
  const seed = (c: { url: string }) => seedOf(c.url.split('/').at(-2)!);
  /** The simulator's quarter-hour values (kWh) of a local day, oldest first. */
  const quarters = (kind: 'import' | 'export', date: string) => {
    const out: { ts: number; kwh: number }[] = [];
    for (let ts = midnight(date); ts < midnight(nextDay(date)); ts += 900)
      out.push({ ts, kwh: intervalValue(kind, seed(kind === 'import' ? imp : exp), ts * 1000, 15) });
    return out;
  };
  const rule = (fields: Record<string, unknown>) => ({ name: 'Regel', meterId: meter.id, dashboardId: w.dashA.id, priority: 'HIGH', ...fields }) as never;
  const preview = (fields: Record<string, unknown>, from: string, to: string) =>
    admin.energyRule.previewUnsaved({ locationId: w.a1, rule: rule(fields), from, to });
  const energyAlarms = () =>
    w.h.db
      .selectFrom('alarm')
      .select(['groupKey', 'line', 'occurrences', 'resolvedAt', 'resolutionBy', 'locationId', 'data'])
      .where('groupKey', 'like', 'energy:%')
      .orderBy('groupKey')
      .execute();
  return { ...w, admin, meter, imp, exp, quarters, rule, preview, energyAlarms };
}

/** The middle value, rounded to 1/`per`: a limit that some days cross and others do not. */
const median = (xs: number[], per: number) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! * per) / per;

/** The day's highest quarter (the first of equals) and how many quarters lie above `limit` kW. */
function dayPeak(qs: { ts: number; kwh: number }[], limit: number) {
  let max = qs[0]!;
  for (const q of qs) if (q.kwh > max.kwh) max = q;
  return { max, over: qs.filter((q) => q.kwh * 4 > limit).length };
}

describe('previews', () => {
  test('CAPACITY over a month hits exactly the days whose highest quarter-hour exceeds the limit (the 25-hour day included)', async () => {
    const w = await setup({ value: new Date('2024-11-15T12:00:00Z') }, { historyDays: 60 });
    const limit = 3.3;
    const month = days('2024-10-01', '2024-11-01');
    const expected = month.flatMap((date) => {
      const { max, over } = dayPeak(w.quarters('import', date), limit);
      if (over === 0) return [];
      return [
        {
          key: `energy:nieuw:${date}`,
          priority: 'HIGH',
          line: `Piekvermogen ${beside(max.kwh * 4, limit)} kW boven 3,3 kW — Alfa Kantoor, Elektriciteitsmeter (${ddmm(date)} ${hhmm(max.ts)})`,
          data: {
            location: 'Alfa Kantoor',
            meter: 'Elektriciteitsmeter',
            value: plainBeside(max.kwh * 4, limit),
            limit: '3.3',
            unit: 'kW',
            at: offsetIso(max.ts),
          },
        },
      ];
    });
    // a meaningful limit: some days over, some not
    expect(expected.length).toBeGreaterThan(3);
    expect(expected.length).toBeLessThan(28);
    expect(w.quarters('import', '2024-10-27')).toHaveLength(100);
    const { alarms } = await w.preview({ type: 'CAPACITY', limitKw: limit }, '2024-10-01', '2024-11-01');
    expect(alarms).toEqual(expected);
    // nothing stored
    expect(await w.energyAlarms()).toEqual([]);
  });

  test('BASE_LOAD judges the mean of the local window, DAILY_ENERGY the local day’s total, MONTHLY_PEAK the month before’s peak (23- and 25-hour days included)', async () => {
    const w = await setup({ value: new Date('2024-11-15T12:00:00Z') }, { historyDays: 250 });
    // BASE_LOAD 01:00–05:00 in October: on 27-10 the window holds 5 hours (20 quarters); the limit is about the month's median
    const october = days('2024-10-01', '2024-11-01');
    const means = october.map((date) => {
      const window = w.quarters('import', date).filter((q) => q.ts >= local(date, '01:00') && q.ts < local(date, '05:00'));
      if (date === '2024-10-27') expect(window).toHaveLength(20);
      return window.reduce((s, q) => s + q.kwh * 4, 0) / window.length;
    });
    const limit = median(means, 100);
    const base = october.flatMap((date, i) =>
      means[i]! > limit
        ? [
            `Basislast ${beside(means[i]!, limit)} kW boven ${String(limit).replace('.', ',')} kW tussen 01:00 en 05:00 — Alfa Kantoor, Elektriciteitsmeter (${ddmm(date)})`,
          ]
        : [],
    );
    expect(base.length).toBeGreaterThan(2);
    expect(base.length).toBeLessThan(29);
    const baseLoad = await w.preview({ type: 'BASE_LOAD', limitKw: limit, from: '01:00', to: '05:00' }, '2024-10-01', '2024-11-01');
    expect(baseLoad.alarms.map((a) => a.line)).toEqual(base);

    // DAILY_ENERGY on the export channel: PV yield under about the month's median
    const totals = october.map((date) => w.quarters('export', date).reduce((s, q) => s + q.kwh, 0));
    const minKwh = median(totals, 10);
    const pv = october.flatMap((date, i) =>
      totals[i]! < minKwh
        ? [
            {
              key: `energy:nieuw:${date}`,
              line: `Dagteruglevering ${beside(totals[i]!, minKwh)} kWh onder ${String(minKwh).replace('.', ',')} kWh — Alfa Kantoor, Elektriciteitsmeter (${ddmm(date)})`,
            },
          ]
        : [],
    );
    expect(pv.length).toBeGreaterThan(2);
    expect(pv.length).toBeLessThan(29);
    const daily = await w.preview({ type: 'DAILY_ENERGY', channel: 'export', minKwh }, '2024-10-01', '2024-11-01');
    expect(daily.alarms.map(({ key, line }) => ({ key, line }))).toEqual(pv);

    // MONTHLY_PEAK: a month whose highest quarter rises above the month before's (spring DST month included)
    const monthDays = (month: string) =>
      days(`${month}-01`, month === '2024-12' ? '2025-01-01' : `${month.slice(0, 5)}${String(Number(month.slice(5)) + 1).padStart(2, '0')}-01`);
    const monthPeak = (month: string) => {
      let max = { ts: 0, kwh: -1 };
      for (const date of monthDays(month)) for (const q of w.quarters('import', date)) if (q.kwh > max.kwh) max = q;
      return max;
    };
    const months = ['2024-04', '2024-05', '2024-06', '2024-07', '2024-08', '2024-09', '2024-10'];
    const peaks = months.flatMap((month, i) => {
      const prev = i === 0 ? monthPeak('2024-03') : monthPeak(months[i - 1]!);
      const max = monthPeak(month);
      if (max.kwh <= prev.kwh) return [];
      const date = new Date((max.ts + 7200) * 1000).toISOString().slice(0, 10);
      return [
        {
          key: `energy:nieuw:${month}`,
          line: `Nieuwe maandpiek ${beside(max.kwh * 4, prev.kwh * 4)} kW boven ${comma(prev.kwh * 4)} kW van vorige maand — Alfa Kantoor, Elektriciteitsmeter (${ddmm(date)} ${hhmm(max.ts)})`,
        },
      ];
    });
    expect(peaks.length).toBeGreaterThan(0);
    expect(peaks.length).toBeLessThan(months.length);
    const monthly = await w.preview({ type: 'MONTHLY_PEAK' }, '2024-04-01', '2024-11-01');
    expect(monthly.alarms.map(({ key, line }) => ({ key, line }))).toEqual(peaks);

    // every day of the spring DST week above 1 kWh: 31-03 sums its 92 quarters
    const spring = await w.preview({ type: 'DAILY_ENERGY', channel: 'import', maxKwh: 1 }, '2024-03-29', '2024-04-02');
    const march31 = w.quarters('import', '2024-03-31');
    expect(march31).toHaveLength(92);
    const total = march31.reduce((s, q) => s + q.kwh, 0);
    expect(spring.alarms.map((a) => a.key)).toEqual(['2024-03-29', '2024-03-30', '2024-03-31', '2024-04-01'].map((d) => `energy:nieuw:${d}`));
    expect(spring.alarms[2]!.line).toBe(`Dagverbruik ${beside(total, 1)} kWh boven 1 kWh — Alfa Kantoor, Elektriciteitsmeter (31-03)`);
    expect(spring.alarms[2]!.data).toMatchObject({ value: total.toFixed(1), limit: '1', unit: 'kWh', at: '2024-03-31T00:00:00+01:00' });
  });
});

describe('evaluation after syncs', () => {
  test('a new rule looks back 7 days; two syncs, a next day and a restart never raise the same data twice', async () => {
    const now = { value: new Date('2024-11-15T12:00:00Z') };
    const databaseFile = path.join(testTempDir('energy-'), 'db.sqlite');
    const w = await setup(now, { databaseFile });
    const limit = 3.3;
    const created = await w.admin.energyRule.create({
      locationId: w.a1,
      ...(w.rule({ name: 'Contractvermogen', type: 'CAPACITY', limitKw: limit }) as object),
    } as never);
    const expectFor = (dates: string[]) =>
      dates.flatMap((date) => {
        const { max, over } = dayPeak(w.quarters('import', date), limit);
        return over === 0
          ? []
          : [
              {
                groupKey: `energy:${created.id}:${date}`,
                line: `Piekvermogen ${beside(max.kwh * 4, limit)} kW boven 3,3 kW — Alfa Kantoor, Elektriciteitsmeter (${ddmm(date)} ${hhmm(max.ts)})`,
                occurrences: over,
                resolvedAt: null,
                resolutionBy: null,
                locationId: w.a1,
                data: expect.stringContaining(`"at":"${offsetIso(max.ts)}"`),
              },
            ];
      });
    // synced 12 days back, but the rule looks back from 08-11 (7 local days before today) only
    const week = expectFor(days('2024-11-08', '2024-11-15'));
    expect(week.length).toBeGreaterThan(1);
    expect(await w.energyAlarms()).toEqual(week);

    await syncFully(w.admin);
    expect(await w.energyAlarms()).toEqual(week);

    // the next day: the HUB window overlaps the day already stored; only 15-11 is new
    now.value = new Date('2024-11-16T12:00:00Z');
    await syncFully(w.admin);
    await syncFully(w.admin);
    const twoWeeks = expectFor(days('2024-11-08', '2024-11-16'));
    expect(await w.energyAlarms()).toEqual(twoWeeks);
    // the alarm is in the console with the SYSTEM actor named after the rule
    const history = await w.h.db.selectFrom('alarmHistory').select(['actorType', 'actorName']).where('event', '=', 'created').execute();
    expect(new Set(history.map((h) => `${h.actorType}:${h.actorName}`))).toEqual(new Set(['SYSTEM:Contractvermogen']));
    await w.h.close();

    const again = await createHarness({ clock: () => now.value, databaseFile, hub: { baseUrl: sim!.baseUrl, apiKey: sim!.apiKey, historyDays: 12 } });
    onTestFinished(() => again.close());
    for (let i = 0; i < 3 && (await again.sync.syncAll({ force: true })).failed > 0; i++);
    const after = await again.db
      .selectFrom('alarm')
      .select(['groupKey', 'line', 'occurrences', 'resolvedAt', 'resolutionBy', 'locationId', 'data'])
      .where('groupKey', 'like', 'energy:%')
      .orderBy('groupKey')
      .execute();
    expect(after).toEqual(twoWeeks);
  });

  test('NO_DATA raises once when the meter stays silent longer than its hours, and resolves when data arrives', async () => {
    const now = { value: new Date('2024-11-15T12:00:00Z') };
    const w = await setup(now);
    // data up to 15-11 00:00 local; 13 hours of silence is within 24
    const { id } = await w.admin.energyRule.create({ locationId: w.a1, ...(w.rule({ name: 'Meterbewaking', type: 'NO_DATA', hours: 24 }) as object) } as never);
    expect(await w.energyAlarms()).toEqual([]);

    now.value = new Date('2024-11-16T01:30:00Z');
    await w.h.jobs.runNow(ENERGY_NO_DATA_JOB);
    await w.h.jobs.runNow(ENERGY_NO_DATA_JOB);
    const raised = await w.energyAlarms();
    expect(raised).toEqual([
      {
        groupKey: `energy:${id}:geen-data-2024-11-15T00:00`,
        line: 'Geen meetgegevens sinds 15-11 00:00 (langer dan 24 uur) — Alfa Kantoor, Elektriciteitsmeter',
        occurrences: 1,
        resolvedAt: null,
        resolutionBy: null,
        locationId: w.a1,
        data: JSON.stringify({
          location: 'Alfa Kantoor',
          meter: 'Elektriciteitsmeter',
          value: '26.5',
          limit: '24',
          unit: 'uur',
          at: '2024-11-15T00:00:00+01:00',
        }),
      },
    ]);

    // the sync brings 15-11: the silence is over
    await syncFully(w.admin);
    const [resolved] = await w.energyAlarms();
    expect(resolved).toMatchObject({ resolvedAt: Math.floor(now.value.getTime() / 1000), resolutionBy: 'SYSTEM' });
    await w.h.jobs.runNow(ENERGY_NO_DATA_JOB);
    expect(await w.energyAlarms()).toHaveLength(1);
  });
});
