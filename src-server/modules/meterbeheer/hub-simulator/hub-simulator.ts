/**
 * A local Meterbeheer HUB: the same HTTP API as the real one, a real server on
 * loopback, used by tests, the bench and the demo. Feeds start pending and are verified after
 * `verifyAfterMs`; channels serve deterministic 15-minute electricity and hourly gas values up to
 * yesterday, correct over DST. Faults (status codes, timeouts, malformed JSON) can be injected.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { PROVIDERS } from '@/domain/meterbeheer';
import { addDays, amsterdamIso, daysBetween, localMidnight, todayLocal } from '@/lib/amsterdam';
import { type ProfileKind, intervalValue, seedOf } from './profiles';

export interface HubSimulatorOptions {
  apiKey?: string;
  verifyAfterMs?: number;
  historyDays?: number;
  now?: () => Date;
  /**
   * Read `to` as inclusive (values of the `to` day come back too, and `from`–`to` may span 365
   * days counted inclusively). The real HUB's docs do not say which; the sync must
   * work under both readings.
   */
  toInclusive?: boolean;
}

/** A fault hits `count` (default 1) matching requests, after letting `after` (default 0) of them through. */
type FaultScope = { count?: number; after?: number; path?: RegExp };
export type Fault =
  | ({ kind: 'status'; status: 401 | 404 | 429 | 500 | 503; retryAfterSeconds?: number } & FaultScope)
  | ({ kind: 'timeout' } & FaultScope)
  | ({ kind: 'malformed' } & FaultScope);

interface SimChannel {
  code: string;
  token: string;
  kind: ProfileKind;
}

export interface SimFeed {
  uuid: string;
  provider: string;
  name: string;
  ean: string | null;
  postalCode: string | null;
  houseNumber: string | null;
  meterKind: 'gas' | 'electricity';
  createdAt: Date;
  channels: SimChannel[];
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export async function startHubSimulator(options: HubSimulatorOptions = {}) {
  const apiKey = options.apiKey ?? 'sim-key';
  const now = options.now ?? (() => new Date());
  const verifyAfterMs = options.verifyAfterMs ?? 0;
  const historyDays = options.historyDays ?? 400;
  const feeds = new Map<string, SimFeed>();
  const faults: (Fault & { left: number; skip: number })[] = [];
  const requests: { method: string; path: string }[] = [];
  const hanging = new Set<() => void>();
  let origin = '';

  const verified = (f: SimFeed) => now().getTime() - f.createdAt.getTime() >= verifyAfterMs;
  const channelUrl = (c: SimChannel) => `${origin}/api/v1/data/${c.token}/${c.code}.json`;
  const toJson = (f: SimFeed) => ({
    uuid: f.uuid,
    provider: f.provider,
    name: f.name,
    status: verified(f) ? 'verified' : 'pending',
    ean: f.ean,
    postalCode: f.postalCode,
    houseNumber: f.houseNumber,
    meterKind: f.meterKind,
    createdAt: f.createdAt.toISOString(),
    channels: verified(f) ? f.channels.map((c) => ({ code: c.code, url: channelUrl(c) })) : [],
  });

  function addFeed(input: Record<string, unknown> & { provider: string }): SimFeed {
    const meterKind = input.provider === 'solaredge' ? 'electricity' : input.meterKind === 'gas' ? 'gas' : 'electricity';
    const channel = (code: string, kind: ProfileKind) => ({ code, kind, token: randomBytes(16).toString('hex') });
    const channels =
      meterKind === 'gas'
        ? [channel('24.2.1', 'gas')]
        : input.provider === 'solaredge'
          ? [channel('1.8.0', 'export')]
          : [channel('1.8.0', 'import'), channel('2.8.0', 'export')];
    const feed: SimFeed = {
      uuid: randomUUID(),
      provider: input.provider,
      name: str(input.name) ?? '',
      ean: str(input.ean),
      postalCode: str(input.postalCode),
      houseNumber: str(input.houseNumber),
      meterKind,
      createdAt: now(),
      channels,
    };
    feeds.set(feed.uuid, feed);
    return feed;
  }

  function channelData(channel: SimChannel, feed: SimFeed, from: string, to: string) {
    const minutes = channel.kind === 'gas' ? 60 : 15;
    const historyStart = localMidnight(addDays(todayLocal(now()), -historyDays)) * 1000;
    const publishedUntil = localMidnight(todayLocal(now())) * 1000;
    const start = Math.max(localMidnight(from) * 1000, historyStart);
    const end = Math.min(localMidnight(options.toInclusive ? addDays(to, 1) : to) * 1000, publishedUntil);
    const seed = seedOf(channel.token);
    const step = minutes * 60_000;
    const data = [];
    for (let t = Math.ceil(start / step) * step; t + step <= end; t += step) {
      data.push({ from: amsterdamIso(t), to: amsterdamIso(t + step), value: intervalValue(channel.kind, seed, t, minutes) });
    }
    return { ean: feed.ean, channel: channel.code, unit: channel.kind === 'gas' ? 'm3' : 'kWh', data };
  }

  const app = new Hono();
  app.use('*', async (c, next) => {
    requests.push({ method: c.req.method, path: c.req.path });
    const fault = faults.find((f) => !f.path || f.path.test(c.req.path));
    if (fault && fault.skip > 0) fault.skip--;
    else if (fault) {
      if (--fault.left <= 0) faults.splice(faults.indexOf(fault), 1);
      if (fault.kind === 'timeout') return new Promise<Response>((resolve) => hanging.add(() => resolve(c.text('', 504))));
      if (fault.kind === 'malformed') return c.body('{"feeds": [ oops', 200, { 'content-type': 'application/json' });
      if (fault.retryAfterSeconds) c.header('Retry-After', String(fault.retryAfterSeconds));
      return c.json({ message: `Simulated ${fault.status}` }, fault.status);
    }
    if (c.req.header('authorization') !== `Bearer ${apiKey}`) return c.json({ message: 'Unauthorized' }, 401);
    await next();
  });
  app.get('/api/v1/feed', (c) => c.json([...feeds.values()].map(toJson)));
  app.post('/api/v1/feed', async (c) => {
    const body = await c.req.json().catch(() => null);
    if (!body || typeof body !== 'object' || Array.isArray(body) || !(PROVIDERS as readonly string[]).includes(body.provider)) {
      return c.json({ message: 'A known provider is required' }, 400);
    }
    return c.json(toJson(addFeed(body)), 201);
  });
  app.delete('/api/v1/feed/:uuid', (c) => (feeds.delete(c.req.param('uuid')) ? c.body(null, 204) : c.json({ message: 'Feed not found' }, 404)));
  app.get('/api/v1/data/:token/:file', (c) => {
    const feed = [...feeds.values()].find((f) => verified(f) && f.channels.some((ch) => ch.token === c.req.param('token')));
    const channel = feed?.channels.find((ch) => ch.token === c.req.param('token') && `${ch.code}.json` === c.req.param('file'));
    if (!feed || !channel) return c.json({ message: 'Channel not found' }, 404);
    const from = c.req.query('from') ?? '';
    const to = c.req.query('to') ?? '';
    if (!DATE.test(from) || !DATE.test(to) || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)))
      return c.json({ message: 'from and to must be YYYY-MM-DD' }, 400);
    const days = daysBetween(from, to) + (options.toInclusive ? 1 : 0);
    if (days < 1) return c.json({ message: 'from must be before to' }, 400);
    if (days > 365) return c.json({ message: 'At most 365 days per request' }, 400);
    return c.json(channelData(channel, feed, from, to));
  });

  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl: `${origin}/api/v1`,
    apiKey,
    requests,
    inject: (fault: Fault) => void faults.push({ ...fault, left: fault.count ?? 1, skip: fault.after ?? 0 }),
    clearFaults: () => void faults.splice(0),
    feeds: () => [...feeds.values()],
    addFeed,
    async close() {
      for (const release of hanging) release();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type HubSimulator = Awaited<ReturnType<typeof startHubSimulator>>;
