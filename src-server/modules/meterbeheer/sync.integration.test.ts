import { afterEach, describe, expect, test } from 'vitest';
import { addDays, localMidnight } from '@/lib/amsterdam';
import { createHarness } from '../../testing/harness';
import { cachedFigure } from '../measurement-store/figure-cache';
import { type HubSimulator, startHubSimulator } from './hub-simulator/hub-simulator';
import { intervalValue, seedOf } from './hub-simulator/profiles';

const NOW = new Date('2024-11-15T12:00:00Z');
let sim: HubSimulator;
afterEach(() => sim?.close());

async function setup(historyDays = 250) {
  sim = await startHubSimulator({ now: () => NOW, historyDays: 400 });
  const h = await createHarness({ hub: { baseUrl: sim.baseUrl, apiKey: sim.apiKey, historyDays }, clock: () => NOW });
  await h.user('admin', 'admin@example.nl');
  const { accessToken } = await h.signIn('admin@example.nl');
  const caller = await h.caller(accessToken);
  return { h, caller };
}

const power = {
  provider: 'kenter' as const,
  name: 'Stroom',
  postalCode: '1234 AB',
  houseNumber: '1',
  meterKind: 'electricity' as const,
  ean: '871234567890123456',
  username: 'u',
  password: 'p',
};
const gas = { ...power, name: 'Gas', meterKind: 'gas' as const, ean: '871234567890123457' };

async function countDay(h: Awaited<ReturnType<typeof setup>>['h'], channelId: number, day: string, next: string) {
  const rows = await h.db
    .selectFrom('measurement')
    .select('ts')
    .where('channelId', '=', channelId)
    .where('ts', '>=', localMidnight(day))
    .where('ts', '<', localMidnight(next))
    .execute();
  return rows.length;
}

async function snapshot(h: Awaited<ReturnType<typeof setup>>['h']) {
  return h.db.selectFrom('measurement').select(['channelId', 'ts', 'value']).orderBy('channelId').orderBy('ts').execute();
}

describe('the sync', () => {
  test('stores every channel value as the HUB publishes it, DST days included', async () => {
    const { h, caller } = await setup();
    const feed = await caller.meterbeheer.addFeed(power);
    const gasFeed = await caller.meterbeheer.addFeed(gas);
    const summary = await caller.meterbeheer.sync();
    expect(summary).toMatchObject({ feeds: 2, failed: 0 });

    const [imp] = (await caller.meterbeheer.feed({ uuid: feed.uuid })).channels!;
    const [g] = (await caller.meterbeheer.feed({ uuid: gasFeed.uuid })).channels!;
    expect(await countDay(h, imp!.id, '2024-03-31', '2024-04-01')).toBe(92);
    expect(await countDay(h, imp!.id, '2024-10-27', '2024-10-28')).toBe(100);
    expect(await countDay(h, imp!.id, '2024-06-03', '2024-06-04')).toBe(96);
    expect(await countDay(h, g!.id, '2024-03-31', '2024-04-01')).toBe(23);
    expect(await countDay(h, g!.id, '2024-10-27', '2024-10-28')).toBe(25);
    // 250 days back from 15 November up to and including yesterday
    expect(await countDay(h, imp!.id, '2024-01-01', '2024-11-16')).toBe((localMidnight('2024-11-15') - localMidnight('2024-03-10')) / 900);

    const token = imp!.url.split('/').at(-2)!;
    const rows = await h.db.selectFrom('measurement').select(['ts', 'value']).where('channelId', '=', imp!.id).execute();
    for (const row of rows.filter((_, i) => i % 97 === 0)) expect(row.value).toBe(intervalValue('import', seedOf(token), row.ts * 1000, 15));
    const read = await caller.meterbeheer.feed({ uuid: feed.uuid });
    expect(read.status).toBe('verified');
    expect(read.channels![0]).toMatchObject({ valueCount: rows.length, lastDataTimestamp: new Date((localMidnight('2024-11-15') - 900) * 1000).toISOString() });
    expect(read.lastError).toBeNull();
  });

  test('a second sync changes nothing, and asks only for the newest day', async () => {
    const { h, caller } = await setup(30);
    await caller.meterbeheer.addFeed(power);
    await caller.meterbeheer.sync();
    const before = await snapshot(h);
    const requestsBefore = sim.requests.length;
    await caller.meterbeheer.sync();
    expect(await snapshot(h)).toEqual(before);
    const dataRequests = sim.requests.slice(requestsBefore).filter((r) => r.path.includes('/data/'));
    expect(dataRequests).toHaveLength(2); // one per channel
  });

  test('a sync cut off half-way resumes without losing or duplicating values', async () => {
    const { h, caller } = await setup(500);
    const feed = await caller.meterbeheer.addFeed(power);
    // The export channel's backfill breaks off: the import channel and part of the export channel are stored.
    const exportToken = feed
      .channels!.find((c) => c.code === '2.8.0')!
      .url.split('/')
      .at(-2)!;
    const reached = sim.requests.length;
    sim.inject({ kind: 'status', status: 500, path: new RegExp(exportToken), after: 1 });
    expect((await caller.meterbeheer.sync()).failed).toBe(1);
    expect(sim.requests.length).toBeGreaterThan(reached);
    expect((await snapshot(h)).some((r) => r.channelId === feed.channels![1]!.id)).toBe(true);
    const partial = await caller.meterbeheer.sync();
    expect(partial.results.map((r) => r.error ?? 'ok')).toEqual(['ok']);
    const resumed = await snapshot(h);

    const clean = await setup(500);
    await clean.caller.meterbeheer.addFeed(power);
    await clean.caller.meterbeheer.sync();
    const full = await snapshot(clean.h);
    expect(resumed.length).toBe(full.length);
    expect(new Set(resumed.map((r) => `${r.channelId}:${r.ts}`)).size).toBe(resumed.length);
  });

  test('one failing feed does not stop the others; its error is recorded and stored data stays', async () => {
    const { h, caller } = await setup(30);
    const good = await caller.meterbeheer.addFeed(power);
    const bad = await caller.meterbeheer.addFeed(gas);
    await caller.meterbeheer.sync();
    const before = await snapshot(h);
    const badToken = (await caller.meterbeheer.feed({ uuid: bad.uuid })).channels![0]!.url.split('/').at(-2)!;
    sim.inject({ kind: 'malformed', path: new RegExp(badToken), count: 5 });
    const summary = await caller.meterbeheer.sync();
    expect(summary.results.find((r) => r.uuid === good.uuid)).toMatchObject({ ok: true });
    expect(summary.results.find((r) => r.uuid === bad.uuid)).toMatchObject({ ok: false, error: expect.stringContaining('geen geldige JSON') });
    expect((await caller.meterbeheer.feed({ uuid: bad.uuid })).lastError).toContain('geen geldige JSON');
    expect((await snapshot(h)).length).toBe(before.length);
  });

  test('a HUB that refuses the key marks every feed with the error and keeps backoff', async () => {
    const { h, caller } = await setup(5);
    const feed = await caller.meterbeheer.addFeed(power);
    sim.inject({ kind: 'status', status: 401, count: 1 });
    const summary = await h.sync.syncAll();
    expect(summary.failed).toBe(1);
    const row = await h.db.selectFrom('feed').selectAll().where('uuid', '=', feed.uuid).executeTakeFirstOrThrow();
    expect(row.lastError).toContain('401');
    expect(row.nextAttemptAt).toBeGreaterThan(NOW.getTime() / 1000);
    // the scheduled run respects the backoff; "Nu synchroniseren" does not
    expect((await h.sync.syncAll()).feeds).toBe(0);
    expect((await caller.meterbeheer.sync()).failed).toBe(0);
  });

  test('a failing channel does not keep the feed’s other channels from syncing; the feed shows the error', async () => {
    const { h, caller } = await setup(5);
    const feed = await caller.meterbeheer.addFeed(power);
    const [imp, exp] = feed.channels!;
    sim.inject({ kind: 'malformed', path: new RegExp(imp!.url.split('/').at(-2)!), count: 10 });
    const summary = await caller.meterbeheer.sync();
    expect(summary.results[0]).toMatchObject({ ok: false, error: expect.stringContaining('geen geldige JSON') });
    expect(await countDay(h, exp!.id, '2024-11-10', '2024-11-15')).toBe(5 * 96);
    expect(await countDay(h, imp!.id, '2024-11-10', '2024-11-15')).toBe(0);
  });

  test('storing new values drops the cached figures of those channels only', async () => {
    const { h, caller } = await setup(3);
    const feed = await caller.meterbeheer.addFeed(power);
    const [imp, exp] = feed.channels!;
    let computed = 0;
    const figure = (id: number) => cachedFigure(h.db, 'test', [id], async () => ++computed);
    await Promise.all([figure(imp!.id), figure(imp!.id), figure(exp!.id)]);
    expect(computed).toBe(2);
    await h.db.deleteFrom('measurement').execute();
    await caller.meterbeheer.sync();
    await Promise.all([figure(imp!.id), figure(exp!.id)]);
    expect(computed).toBe(4);
    await figure(imp!.id);
    expect(computed).toBe(4);
  });

  test('a pending feed becomes verified with channels on a later sync', async () => {
    let clock = NOW;
    sim = await startHubSimulator({ now: () => clock, verifyAfterMs: 3_600_000 });
    const h = await createHarness({ hub: { baseUrl: sim.baseUrl, apiKey: sim.apiKey, historyDays: 3 }, clock: () => clock });
    await h.user('admin', 'admin@example.nl');
    const caller = await h.caller((await h.signIn('admin@example.nl')).accessToken);
    const feed = await caller.meterbeheer.addFeed(power);
    expect(feed).toMatchObject({ status: 'unverified', channels: null });
    await caller.meterbeheer.sync();
    expect((await caller.meterbeheer.feed({ uuid: feed.uuid })).status).toBe('unverified');
    clock = new Date(NOW.getTime() + 3_600_000);
    await caller.meterbeheer.sync();
    const verified = await caller.meterbeheer.feed({ uuid: feed.uuid });
    expect(verified.status).toBe('verified');
    expect(verified.channels!.map((c) => c.code)).toEqual(['1.8.0', '2.8.0']);
    expect(verified.channels!.every((c) => c.valueCount > 0)).toBe(true);
  });
});

describe.each([
  ['exclusive', false],
  ['inclusive', true],
])('a HUB that reads `to` as %s', (_reading, toInclusive) => {
  async function setupHub(hubHistoryDays: number, historyDays: number) {
    sim = await startHubSimulator({ now: () => NOW, historyDays: hubHistoryDays, toInclusive });
    const h = await createHarness({ hub: { baseUrl: sim.baseUrl, apiKey: sim.apiKey, historyDays }, clock: () => NOW });
    await h.user('admin', 'admin@example.nl');
    return { h, caller: await h.caller((await h.signIn('admin@example.nl')).accessToken) };
  }

  test('the history backfill fetches 500 days in windows the HUB accepts, for every channel, nothing missing or doubled', async () => {
    const { h, caller } = await setupHub(600, 500);
    const feed = await caller.meterbeheer.addFeed(power);
    const summary = await caller.meterbeheer.sync();
    expect(summary.results.map((r) => r.error ?? 'ok')).toEqual(['ok']);
    const expected = (localMidnight('2024-11-15') - localMidnight(addDays('2024-11-15', -500))) / 900;
    for (const channel of (await caller.meterbeheer.feed({ uuid: feed.uuid })).channels!) {
      expect(await countDay(h, channel.id, addDays('2024-11-15', -600), '2024-11-16')).toBe(expected);
    }
    const rows = await snapshot(h);
    expect(new Set(rows.map((r) => `${r.channelId}:${r.ts}`)).size).toBe(rows.length);
    // a second sync asks again only for the newest day and changes nothing
    await caller.meterbeheer.sync();
    expect(await snapshot(h)).toEqual(rows);
  });

  test('when the HUB has no older history, the backfill stops where its data begins and asks there again next time', async () => {
    const { h, caller } = await setupHub(365, 800);
    const feed = await caller.meterbeheer.addFeed(power);
    expect((await caller.meterbeheer.sync()).failed).toBe(0);
    const channel = await h.db.selectFrom('channel').select('dataFrom').where('feedUuid', '=', feed.uuid).executeTakeFirstOrThrow();
    expect(channel.dataFrom).toBe(addDays('2024-11-15', -365));
  });
});
