import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness';
import { upsertMeasurements } from '../measurement-store/measurement-store.store';

/** Independent of the product's time code: the local date of an instant by the tz database. */
const localDay = (ts: number) => format(new TZDate(ts * 1000, 'Europe/Amsterdam'), 'yyyy-MM-dd');
const START = Date.UTC(2023, 11, 31, 23) / 1000; // 2024-01-01 00:00 local
const END = Date.UTC(2024, 11, 31, 23) / 1000; // 2025-01-01 00:00 local
const value = (ts: number) => ((ts / 900) % 7) + 1; // 1..7, varies per quarter

let h: Harness;
let tokens: Record<string, string>;
let power: number;
let gas: number;
let foreign: number;

beforeAll(async () => {
  h = await createHarness();
  const org = await h.organization();
  const loc = await h.location(org, 'Kantoor');
  const other = await h.location(org, 'Elders');
  for (const uuid of ['f1', 'f2']) {
    await h.feed({ uuid, organizationId: org });
  }
  power = await h.channel('f1', '1.8.0');
  gas = await h.channel('f1', '24.2.1');
  foreign = await h.channel('f2', '1.8.0');
  await h.db
    .insertInto('meter')
    .values({ locationId: loc, name: 'E', type: 'electricity', netImportChannelId: power, netExportChannelId: gas, createdAt: 0 })
    .execute();
  await h.db
    .insertInto('meter')
    .values({ locationId: other, name: 'X', type: 'electricity', netImportChannelId: foreign, netExportChannelId: null, createdAt: 0 })
    .execute();
  const rows: { channelId: number; ts: number; value: number }[] = [];
  for (let ts = START; ts < END; ts += 900) rows.push({ channelId: power, ts, value: value(ts) });
  // The second channel is hourly and only has data from 1 March to 1 May.
  for (let ts = Date.UTC(2024, 1, 29, 23) / 1000; ts < Date.UTC(2024, 3, 30, 22) / 1000; ts += 3600) rows.push({ channelId: gas, ts, value: 2 });
  for (const id of [power, gas]) {
    await h.db.transaction().execute((trx) =>
      upsertMeasurements(
        trx,
        id,
        rows.filter((r) => r.channelId === id),
      ),
    );
  }
  await h.user('admin', 'a@example.nl');
  await h.user('customer', 'k@example.nl', { locationIds: [loc] });
  tokens = { admin: (await h.signIn('a@example.nl')).accessToken, customer: (await h.signIn('k@example.nl')).accessToken };
}, 60_000);

const get = async (path: string, token = tokens.admin) => {
  const res = await h.request(`/api/meter-channel/${path}`, { token });
  return { status: res.status, body: await res.json() };
};

/** Expected sums per local day of the power channel, computed by brute force. */
let daily: Map<string, number> | undefined;
function expectedDaily() {
  if (daily) return daily;
  const days = new Map<string, number>();
  for (let ts = START; ts < END; ts += 900) days.set(localDay(ts), (days.get(localDay(ts)) ?? 0) + value(ts));
  daily = days;
  return days;
}

describe('aggregates', () => {
  test('per day over a year: 366 local days, each the brute-force sum, DST days included', async () => {
    const { status, body } = await get(`${power}/measurements/aggregate/day?from=2024-01-01T00:00:00&to=2025-01-01T00:00:00`);
    expect(status).toBe(200);
    const days = expectedDaily();
    expect(body).toHaveLength(366);
    for (const bucket of body) expect(bucket.values[0]).toBeCloseTo(days.get(bucket.timestamp.slice(0, 10))!, 6);
    expect(body.find((b: { timestamp: string }) => b.timestamp.startsWith('2024-03-31')).timestamp).toBe('2024-03-31T00:00:00+01:00');
    expect(body.find((b: { timestamp: string }) => b.timestamp.startsWith('2024-04-01')).timestamp).toBe('2024-04-01T00:00:00+02:00');
  });

  test('per hour on the DST days: 23 and 25 buckets, the repeated hour twice', async () => {
    const spring = await get(`${power}/measurements/aggregate/hour?from=2024-03-31T00:00:00&to=2024-04-01T00:00:00`);
    expect(spring.body).toHaveLength(23);
    expect(spring.body.map((b: { timestamp: string }) => b.timestamp).slice(1, 3)).toEqual(['2024-03-31T01:00:00+01:00', '2024-03-31T03:00:00+02:00']);
    const autumn = await get(`${power}/measurements/aggregate/hour?from=2024-10-27T00:00:00&to=2024-10-28T00:00:00`);
    expect(autumn.body).toHaveLength(25);
    expect(autumn.body.map((b: { timestamp: string }) => b.timestamp).slice(2, 4)).toEqual(['2024-10-27T02:00:00+02:00', '2024-10-27T02:00:00+01:00']);
    const total = autumn.body.reduce((s: number, b: { values: number[] }) => s + b.values[0]!, 0);
    expect(total).toBeCloseTo(expectedDaily().get('2024-10-27')!, 6);
  });

  test('per month and year: month boundaries are local and the year adds up', async () => {
    const months = await get(`${power}/measurements/aggregate/month?from=2024-01-01T00:00:00&to=2025-01-01T00:00:00`);
    expect(months.body.map((b: { timestamp: string }) => b.timestamp.slice(0, 7))).toEqual(
      ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'].map((m) => `2024-${m}`),
    );
    const days = expectedDaily();
    const march = [...days].filter(([d]) => d.startsWith('2024-03')).reduce((s, [, v]) => s + v, 0);
    expect(months.body[2].values[0]).toBeCloseTo(march, 6);
    const year = await get(`${power}/measurements/aggregate/year?from=2024-01-01T00:00:00&to=2025-01-01T00:00:00`);
    expect(year.body).toEqual([
      {
        timestamp: '2024-01-01T00:00:00+01:00',
        values: [
          expect.closeTo(
            [...days.values()].reduce((a, b) => a + b),
            4,
          ),
        ],
      },
    ]);
  });

  test('ISO weeks start on Monday, also across the turn of the year', async () => {
    const { body } = await get(`${power}/measurements/aggregate/week?from=2024-12-25T00:00:00&to=2025-01-01T00:00:00`);
    expect(body.map((b: { timestamp: string }) => b.timestamp)).toEqual(['2024-12-23T00:00:00+01:00', '2024-12-30T00:00:00+01:00']);
  });

  test('several channels: one value each in the order asked, null where a channel has no data', async () => {
    const { body } = await get(`${gas},${power}/measurements/aggregate/month?from=2024-02-01T00:00:00&to=2024-06-01T00:00:00`);
    expect(body.map((b: { values: (number | null)[] }) => b.values[0])).toEqual([null, 2 * (31 * 24 - 1), 2 * 30 * 24, null]);
    expect(body.every((b: { values: (number | null)[] }) => typeof b.values[1] === 'number')).toBe(true);
  });

  test('quarter-hours pass through one to one', async () => {
    const { body } = await get(`${power}/measurements/aggregate/quarter_hour?from=2024-06-01T12:00:00&to=2024-06-01T13:00:00`);
    expect(body.map((b: { values: number[] }) => b.values[0])).toEqual([0, 1, 2, 3].map((i) => value(Date.UTC(2024, 5, 1, 10) / 1000 + i * 900)));
  });
});

describe('repeated ids, the cell cap and long reads', () => {
  test('a repeated id is answered at each of its positions, so values[] lines up with the ids as sent', async () => {
    const range = 'from=2024-02-01T00:00:00&to=2024-06-01T00:00:00';
    const single = (await get(`${power},${gas}/measurements/aggregate/month?${range}`)).body;
    const repeated = await get(`${power},${gas},${power},${power}/measurements/aggregate/month?${range}`);
    expect(repeated.status).toBe(200);
    expect(repeated.body).toEqual(
      single.map((b: { timestamp: string; values: number[] }) => ({ timestamp: b.timestamp, values: [...b.values, b.values[0], b.values[0]] })),
    );
    const total = (await get(`${gas}/measurements/sum/total?${range}`)).body;
    expect((await get(`${gas},${gas},${gas}/measurements/sum/total?${range}`)).body).toBe(total);
  });

  test('100 copies of one channel over a year of quarter-hours is a 400 in Dutch, not 19 MB', async () => {
    const ids = Array(100).fill(power).join(',');
    const res = await get(`${ids}/measurements/aggregate/quarter_hour?from=2024-01-01T00:00:00&to=2025-01-01T00:00:00`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'Te veel waarden (100 kanalen × 35.136 intervallen); hoogstens 100.000 per vraag. Kies minder kanalen, een kortere periode of een grovere indeling.',
    );
    const select = await get(`${power},${gas},${foreign}/measurements/select/interval?from=2024-01-01T00:00:00&to=2025-01-01T00:00:00`);
    expect(select.status).toBe(400);
    expect(select.body.error.message).toMatch(/^Te veel waarden \(3 kanalen × 35\.136 intervallen\)/);
    // a year of days for all 100 positions fits
    expect((await get(`${ids}/measurements/aggregate/day?from=2024-01-01T00:00:00&to=2025-01-01T00:00:00`)).status).toBe(200);
  });

  test('reads in chunks give the same figures as one read: a year of quarter-hours, three channels of hours', async () => {
    const year = 'from=2024-01-01T00:00:00&to=2025-01-01T00:00:00';
    const quarters = (await get(`${power}/measurements/aggregate/quarter_hour?${year}`)).body;
    const total = (await get(`${power}/measurements/sum/total?${year}`)).body;
    expect(quarters).toHaveLength(35_136);
    expect(quarters.reduce((s: number, b: { values: number[] }) => s + b.values[0]!, 0)).toBeCloseTo(total, 4);
    const three = (await get(`${power},${gas},${foreign}/measurements/aggregate/hour?${year}`)).body;
    const [p, g] = [(await get(`${power}/measurements/aggregate/hour?${year}`)).body, (await get(`${gas}/measurements/aggregate/hour?${year}`)).body];
    expect(three.map((b: { values: number[] }) => b.values)).toEqual(p.map((b: { values: number[] }, i: number) => [b.values[0], g[i].values[0], null]));
    const interval = (await get(`${power},${gas}/measurements/select/cumulative?${year}`)).body;
    expect(interval).toHaveLength(35_136);
    expect(interval.at(-1).value).toBeCloseTo(total + (await get(`${gas}/measurements/sum/total?${year}`)).body, 4);
  });

  test('REST writes the same JSON, byte for byte, as the tRPC answer: a year of hours, repeated ids, nulls, a DST day of quarters', async () => {
    const caller = await h.caller(tokens.admin);
    for (const [ids, granularity, from, to] of [
      [`${power},${gas}`, 'hour', '2024-01-01T00:00:00', '2025-01-01T00:00:00'],
      [`${gas},${power},${gas}`, 'day', '2024-02-01T00:00:00', '2024-06-01T00:00:00'],
      [`${power}`, 'quarter_hour', '2024-10-27T00:00:00', '2024-10-28T00:00:00'],
    ] as const) {
      const res = await h.request(`/api/meter-channel/${ids}/measurements/aggregate/${granularity}?from=${from}&to=${to}`, { token: tokens.admin });
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(await res.text()).toBe(JSON.stringify(await caller.measurement.aggregate({ channelIds: ids, granularity, from, to })));
    }
  });

  test('a long read lets other work run between its chunks', async () => {
    let turns = 0;
    let running = true;
    const tick = () => {
      turns++;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    await new Promise((resolve) => setImmediate(resolve));
    const before = turns;
    await get(`${power}/measurements/aggregate/quarter_hour?from=2024-01-01T00:00:00&to=2025-01-01T00:00:00`);
    running = false;
    expect(turns - before).toBeGreaterThan(0);
  });
});

describe('select, sum and forecast', () => {
  test('select interval sums the channels per interval; cumulative runs from `from`', async () => {
    const interval = await get(`${power},${gas}/measurements/select/interval?from=2024-03-10T00:00:00&to=2024-03-10T01:00:00`);
    const first = Date.UTC(2024, 2, 9, 23) / 1000;
    expect(interval.body).toEqual([0, 1, 2, 3].map((i) => ({ timestamp: expect.any(String), value: value(first + i * 900) + (i === 0 ? 2 : 0) })));
    const cumulative = await get(`${power}/measurements/select/cumulative?from=2024-03-10T00:00:00&to=2024-03-10T01:00:00`);
    expect(cumulative.body.at(-1).value).toBe([0, 1, 2, 3].reduce((s, i) => s + value(first + i * 900), 0));
  });

  test('sum/total is one number', async () => {
    const { body } = await get(`${gas}/measurements/sum/total?from=2024-03-01T00:00:00&to=2024-04-01T00:00:00`);
    expect(body).toBe(2 * (31 * 24 - 1));
  });

  test('the forecast of a DST day has 23 or 25 hours and follows a steady history', async () => {
    const spring = await get(`${gas}/measurements/predict-sum/hourly-at-date?date=2024-03-31`);
    expect(spring.body).toHaveLength(23);
    expect(spring.body.every((h: { value: number }) => h.value === 2)).toBe(true);
    const autumn = await get(`${power}/measurements/predict-sum/hourly-at-date?date=2024-10-27`);
    expect(autumn.body).toHaveLength(25);
    const total = await get(`${gas}/measurements/predict-sum/total-at-date?date=2024-04-10`);
    expect(total.body).toBe(48);
  });

  test('without any history the forecast is null', async () => {
    expect((await get(`${gas}/measurements/predict-sum/total-at-date?date=2023-06-01`)).body).toBeNull();
  });
});

describe('peak demand', () => {
  test('per month the highest quarter in kW (kWh × 4) and when it began, from the stored quarters', async () => {
    const { body } = await get(`${power}/measurements/peak/month?from=2024-01-01T00:00:00&to=2024-04-01T00:00:00`);
    expect(body).toHaveLength(3);
    for (const [i, month] of ['2024-01', '2024-02', '2024-03'].entries()) {
      let first = 0;
      for (let ts = START; ts < END && !first; ts += 900) if (localDay(ts).startsWith(month) && value(ts) === 7) first = ts;
      expect(body[i]).toEqual({ timestamp: expect.stringMatching(`^${month}-01T00:00:00\\+01:00$`), kw: 28, at: expect.any(String) });
      expect(Date.parse(body[i].at) / 1000).toBe(first);
    }
  });

  test('several channels: the peak of their summed quarters; a bucket without data is null', async () => {
    const { body } = await get(`${power},${gas}/measurements/peak/month?from=2024-02-01T00:00:00&to=2024-04-01T00:00:00`);
    // February has only the quarter-hour channel; in March the hourly channel adds 2 kWh at whole hours.
    expect(body.map((p: { kw: number }) => p.kw)).toEqual([28, 36]);
    expect(new Date(body[1].at).getUTCMinutes()).toBe(0);
    const { body: none } = await get(`${gas}/measurements/peak/month?from=2024-01-01T00:00:00&to=2024-02-01T00:00:00`);
    expect(none).toEqual([{ timestamp: '2024-01-01T00:00:00+01:00', kw: null, at: null }]);
  });

  test('more than a year of quarters is a 400, as for select', async () => {
    expect((await get(`${power}/measurements/peak/month?from=2023-01-01T00:00:00&to=2025-01-01T00:00:00`)).status).toBe(400);
  });
});

describe('who may read and bad input', () => {
  test('a customer reads the channels of its own meters only', async () => {
    expect((await get(`${power}/measurements/sum/total?from=2024-03-01T00:00:00&to=2024-03-02T00:00:00`, tokens.customer)).status).toBe(200);
    const other = await get(`${power},${foreign}/measurements/sum/total?from=2024-03-01T00:00:00&to=2024-03-02T00:00:00`, tokens.customer);
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe(`Kanaal ${foreign} bestaat niet.`);
    expect((await get(`9999/measurements/sum/total?from=2024-03-01T00:00:00&to=2024-03-02T00:00:00`)).status).toBe(404);
  });

  test.each([
    ['a malformed date', `aggregate/day?from=2024-02-30T00:00:00&to=2024-03-01T00:00:00`, 400],
    ['from after to', `aggregate/day?from=2024-03-02T00:00:00&to=2024-03-01T00:00:00`, 400],
    ['an unknown granularity', `aggregate/minute?from=2024-03-01T00:00:00&to=2024-03-02T00:00:00`, 400],
    ['an unknown kind', `select/average?from=2024-03-01T00:00:00&to=2024-03-02T00:00:00`, 400],
    ['too many buckets', `aggregate/quarter_hour?from=2020-01-01T00:00:00&to=2024-01-01T00:00:00`, 400],
    ['a missing date', `predict-sum/hourly-at-date`, 400],
  ])('%s is a 4xx with a message', async (_n, path, status) => {
    const res = await get(`${power}/measurements/${path}`);
    expect(res.status).toBe(status);
    expect(res.body.error.message).toEqual(expect.any(String));
  });

  test('non-numeric channel ids are a 400', async () => {
    const res = await get(`abc,1/measurements/sum/total?from=2024-03-01T00:00:00&to=2024-03-02T00:00:00`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fieldErrors)).toEqual(['channelIds']);
  });
});
