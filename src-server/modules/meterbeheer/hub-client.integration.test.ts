import { afterEach, describe, expect, test } from 'vitest';
import { createHubClient, HubError } from './hub-client';
import { type HubSimulator, startHubSimulator } from './hub-simulator/hub-simulator';

let sim: HubSimulator;
afterEach(() => sim?.close());

const client = (opts: { timeoutMs?: number; maxRetryAfterSeconds?: number; apiKey?: string } = {}) =>
  createHubClient({
    baseUrl: sim.baseUrl,
    apiKey: opts.apiKey ?? sim.apiKey,
    timeoutMs: opts.timeoutMs ?? 2000,
    maxRetryAfterSeconds: opts.maxRetryAfterSeconds ?? 1,
  });

describe('the HUB client against the simulator', () => {
  test('adds, lists, reads channel data and deletes a feed', async () => {
    sim = await startHubSimulator({ now: () => new Date('2024-06-15T12:00:00Z') });
    const hub = client();
    const feed = await hub.addFeed('joulz', {
      name: 'Kantoor',
      postalCode: '1234 AB',
      houseNumber: '1',
      meterKind: 'electricity',
      ean: '871234567890123456',
      apiKey: 'x',
      subCode: 'y',
    });
    expect(feed).toMatchObject({ provider: 'joulz', name: 'Kantoor', status: 'verified', ean: '871234567890123456' });
    expect(feed.channels.map((c) => c.code)).toEqual(['1.8.0', '2.8.0']);
    expect((await hub.listFeeds()).map((f) => f.uuid)).toEqual([feed.uuid]);
    const data = await hub.channelData(feed.channels[0]!.url, '2024-06-10', '2024-06-11');
    expect(data.unit).toBe('kWh');
    expect(data.data).toHaveLength(96);
    expect(data.data[0]!.from).toBe('2024-06-10T00:00:00+02:00');
    await hub.deleteFeed(feed.uuid);
    expect(await hub.listFeeds()).toEqual([]);
    await hub.deleteFeed(feed.uuid); // already gone: no error
    expect(JSON.stringify(sim.requests)).not.toContain('apiKey');
  });

  test('a wrong key is a HubError 401', async () => {
    sim = await startHubSimulator();
    await expect(client({ apiKey: 'fout' }).listFeeds()).rejects.toMatchObject({ name: 'HubError', status: 401 });
  });

  test('a 500 is a HubError with the HUB status and message', async () => {
    sim = await startHubSimulator();
    sim.inject({ kind: 'status', status: 500 });
    const error = await client()
      .listFeeds()
      .catch((e) => e);
    expect(error).toBeInstanceOf(HubError);
    expect(error.status).toBe(500);
    expect(error.message).toContain('Simulated 500');
  });

  test('a short 429 is waited out and retried once; a long one fails with retryAfterSeconds', async () => {
    sim = await startHubSimulator();
    sim.inject({ kind: 'status', status: 429, retryAfterSeconds: 1 });
    await expect(client().listFeeds()).resolves.toEqual([]);
    expect(sim.requests.filter((r) => r.path === '/api/v1/feed')).toHaveLength(2);
    sim.inject({ kind: 'status', status: 429, retryAfterSeconds: 120 });
    await expect(client().listFeeds()).rejects.toMatchObject({ status: 429, retryAfterSeconds: 120 });
  });

  test('no answer within the timeout is a HubError with status 0', async () => {
    sim = await startHubSimulator();
    sim.inject({ kind: 'timeout' });
    const error = await client({ timeoutMs: 200 })
      .listFeeds()
      .catch((e) => e);
    expect(error).toMatchObject({ name: 'HubError', status: 0 });
    expect(error.message).toContain('antwoordde niet binnen');
  });

  test('malformed JSON and an unexpected shape are HubErrors, not guesses', async () => {
    sim = await startHubSimulator();
    sim.inject({ kind: 'malformed' });
    await expect(client().listFeeds()).rejects.toThrow('geen geldige JSON');
    const hub = client();
    await hub.addFeed('meetbedrijf', { name: 'X', postalCode: '1', houseNumber: '1', meterKind: 'gas', ean: '871234567890123456', apiKey: 'k' });
    const feeds = await hub.listFeeds();
    const bad = createHubClient({ baseUrl: `${sim.baseUrl}/data/nope`, apiKey: sim.apiKey });
    await expect(bad.channelData(`${sim.baseUrl}/feed`, '2024-01-01', '2024-01-02')).rejects.toThrow('onverwacht antwoord');
    expect(feeds).toHaveLength(1);
  });
});

describe('the simulator', () => {
  test('days have 92, 96 or 100 quarter-hours and 23, 24 or 25 gas hours, chained without gaps', async () => {
    sim = await startHubSimulator({ now: () => new Date('2024-12-01T12:00:00Z') });
    const hub = client();
    const power = await hub.addFeed('kenter', { name: 'E', meterKind: 'electricity', ean: '1'.repeat(18) });
    const gas = await hub.addFeed('kenter', { name: 'G', meterKind: 'gas', ean: '2'.repeat(18) });
    const count = async (url: string, day: string, next: string) => (await hub.channelData(url, day, next)).data.length;
    expect(await count(power.channels[0]!.url, '2024-03-31', '2024-04-01')).toBe(92);
    expect(await count(power.channels[0]!.url, '2024-10-27', '2024-10-28')).toBe(100);
    expect(await count(power.channels[0]!.url, '2024-06-01', '2024-06-02')).toBe(96);
    expect(await count(gas.channels[0]!.url, '2024-03-31', '2024-04-01')).toBe(23);
    expect(await count(gas.channels[0]!.url, '2024-10-27', '2024-10-28')).toBe(25);
    const { data } = await hub.channelData(power.channels[0]!.url, '2024-03-31', '2024-04-01');
    expect(data[0]!.from).toBe('2024-03-31T00:00:00+01:00');
    expect(data.at(-1)!.to).toBe('2024-04-01T00:00:00+02:00');
    data.slice(1).forEach((d, i) => expect(Date.parse(d.from)).toBe(Date.parse(data[i]!.to)));
  });

  test('data is deterministic, differs per channel, and solar is zero at night', async () => {
    sim = await startHubSimulator({ now: () => new Date('2024-12-01T12:00:00Z') });
    const hub = client();
    const feed = await hub.addFeed('solaredge', { name: 'Zon', apiKey: 'k', meterId: 'm' });
    const other = await hub.addFeed('fudura', { name: 'Net', ean: '3'.repeat(18), meterKind: 'electricity' });
    const a = await hub.channelData(feed.channels[0]!.url, '2024-06-20', '2024-06-21');
    expect(await hub.channelData(feed.channels[0]!.url, '2024-06-20', '2024-06-21')).toEqual(a);
    const b = await hub.channelData(other.channels[0]!.url, '2024-06-20', '2024-06-21');
    expect(b.data.map((d) => d.value)).not.toEqual(a.data.map((d) => d.value));
    expect(a.data.find((d) => d.from === '2024-06-20T02:00:00+02:00')!.value).toBe(0);
    expect(a.data.find((d) => d.from === '2024-06-20T13:00:00+02:00')!.value).toBeGreaterThan(0);
    expect([...a.data, ...b.data].every((d) => d.value >= 0)).toBe(true);
  });

  test('nothing is published for today; bad ranges are 400', async () => {
    sim = await startHubSimulator({ now: () => new Date('2024-06-15T12:00:00Z') });
    const hub = client();
    const feed = await hub.addFeed('fudura', { name: 'Net', ean: '3'.repeat(18), meterKind: 'electricity' });
    const url = feed.channels[0]!.url;
    expect((await hub.channelData(url, '2024-06-15', '2024-06-17')).data).toEqual([]);
    await expect(hub.channelData(url, '2023-01-01', '2024-06-01')).rejects.toMatchObject({ status: 400 });
    await expect(hub.channelData(url, '2024-06-02', '2024-06-01')).rejects.toMatchObject({ status: 400 });
    await expect(hub.channelData(url, '2024-13-01', '2024-13-02')).rejects.toMatchObject({ status: 400 });
  });

  test('a feed is pending until verifyAfterMs has passed', async () => {
    let clock = new Date('2024-06-15T12:00:00Z');
    sim = await startHubSimulator({ now: () => clock, verifyAfterMs: 60_000 });
    const hub = client();
    const feed = await hub.addFeed('anexo', { name: 'A', meterKind: 'gas', ean: '4'.repeat(18) });
    expect(feed).toMatchObject({ status: 'pending', channels: [] });
    clock = new Date(clock.getTime() + 61_000);
    expect((await hub.listFeeds())[0]).toMatchObject({ status: 'verified', channels: [{ code: '24.2.1' }] });
  });
});
