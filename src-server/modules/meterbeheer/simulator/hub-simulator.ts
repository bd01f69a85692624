/**
 * A local Meterbeheer HUB: a real HTTP server on loopback with the HUB's API, for tests and the
 * demo. Feeds start pending and are verified `verifyAfterMs` after creation (by the simulator's
 * clock); channels serve deterministic values up to yesterday, correct over DST. Faults (status
 * codes, timeouts, malformed JSON) can be queued.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import { Hono } from 'hono';
import { type ProfileKind, SIM_TIME_ZONE, formatAmsterdam, intervalValue, seedOf } from './profiles';

export interface HubSimulatorOptions {
  /** Default 'sim-key'; requests without `Authorization: Bearer <apiKey>` get 401. */
  apiKey?: string;
  /** Default 0: a new feed is pending until this many ms after creation (by `now()`). */
  verifyAfterMs?: number;
  /** Default 400: data exists from local midnight `historyDays` days before today. */
  historyDays?: number;
  /** The simulator's clock; default () => new Date(). */
  now?: () => Date;
}

export type Fault =
  | { kind: 'status'; status: 401 | 404 | 429 | 500 | 503; retryAfterSeconds?: number; count?: number; path?: RegExp }
  | { kind: 'timeout'; count?: number; path?: RegExp }
  | { kind: 'malformed'; count?: number; path?: RegExp };

export const HUB_PROVIDERS = ['anexo', 'fudura', 'joulz', 'kenter', 'meetbedrijf', 'solaredge', 'edsn'] as const;
export type ChannelCode = '1.8.0' | '2.8.0' | '24.2.1';

/** A feed as the HUB returns it (GET /feed). */
export interface SimFeed {
  uuid: string;
  provider: string;
  name: string;
  status: 'pending' | 'verified';
  ean: string | null;
  postalCode: string | null;
  houseNumber: string | null;
  meterKind: 'gas' | 'electricity';
  createdAt: string;
  channels: { code: string; url: string }[];
}

export interface HubSimulator {
  /** e.g. 'http://127.0.0.1:41234/api/v1' */
  baseUrl: string;
  close(): Promise<void>;
  /** Queues a fault for the next `count` (default 1) matching requests. */
  inject(fault: Fault): void;
  clearFaults(): void;
  feeds(): SimFeed[];
  /** The same as POST /feed (without validation of the provider), for seeding. */
  addFeed(input: Record<string, unknown> & { provider: string }): SimFeed;
  /** Every request received, path without query. */
  requests: { method: string; path: string }[];
}

interface StoredChannel {
  code: ChannelCode;
  kind: ProfileKind;
  token: string;
  seed: number;
  feedUuid: string;
}

interface StoredFeed extends Omit<SimFeed, 'status' | 'createdAt' | 'channels'> {
  createdAtMs: number;
  channels: StoredChannel[];
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MAX_DAYS = 365;
const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);

interface Day {
  y: number;
  m: number;
  d: number;
  /** UTC midnight of the calendar date, for comparing and counting days. */
  utc: number;
}

/** A 'YYYY-MM-DD' calendar date, or null when it is malformed or not a real date. */
function parseDay(day: string): Day | null {
  const match = DATE.exec(day);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(y, m - 1, d);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return { y, m, d, utc };
}

const localMidnight = ({ y, m, d }: Day) => new TZDate(y, m - 1, d, SIM_TIME_ZONE).getTime();

function channelsFor(provider: string, meterKind: 'gas' | 'electricity'): { code: ChannelCode; kind: ProfileKind }[] {
  if (provider === 'solaredge') return [{ code: '1.8.0', kind: 'solar' }];
  if (meterKind === 'gas') return [{ code: '24.2.1', kind: 'gas' }];
  return [
    { code: '1.8.0', kind: 'import' },
    { code: '2.8.0', kind: 'export' },
  ];
}

export async function startHubSimulator(options: HubSimulatorOptions = {}): Promise<HubSimulator> {
  const apiKey = options.apiKey ?? 'sim-key';
  const verifyAfterMs = options.verifyAfterMs ?? 0;
  const historyDays = options.historyDays ?? 400;
  const now = options.now ?? (() => new Date());

  const stored = new Map<string, StoredFeed>();
  const channelsByToken = new Map<string, StoredChannel>();
  const faults: { fault: Fault; left: number }[] = [];
  const requests: { method: string; path: string }[] = [];
  const hanging = new Set<() => void>();
  let origin = '';

  const isVerified = (feed: StoredFeed) => now().getTime() - feed.createdAtMs >= verifyAfterMs;
  const view = (feed: StoredFeed): SimFeed => {
    const verified = isVerified(feed);
    const { createdAtMs, channels, ...rest } = feed;
    return {
      ...rest,
      status: verified ? 'verified' : 'pending',
      createdAt: new Date(createdAtMs).toISOString(),
      channels: verified ? channels.map((c) => ({ code: c.code, url: `${origin}/api/v1/data/${c.token}/${c.code}.json` })) : [],
    };
  };

  function addFeed(input: Record<string, unknown> & { provider: string }): SimFeed {
    const meterKind = input.provider !== 'solaredge' && input.meterKind === 'gas' ? 'gas' : 'electricity';
    const uuid = randomUUID();
    const channels = channelsFor(input.provider, meterKind).map(({ code, kind }) => {
      const token = randomBytes(16).toString('hex');
      const channel: StoredChannel = { code, kind, token, seed: seedOf(token), feedUuid: uuid };
      channelsByToken.set(token, channel);
      return channel;
    });
    // Secret fields (apiKey, password, username, customerId, clientId, meterId, subCode) are not kept.
    const feed: StoredFeed = {
      uuid,
      provider: input.provider,
      name: text(input.name) ?? '',
      ean: text(input.ean),
      postalCode: text(input.postalCode),
      houseNumber: text(input.houseNumber),
      meterKind,
      createdAtMs: now().getTime(),
      channels,
    };
    stored.set(uuid, feed);
    return view(feed);
  }

  function channelData(channel: StoredChannel, feed: StoredFeed, from: Day, to: Day) {
    const today = startOfDay(new TZDate(now().getTime(), SIM_TIME_ZONE));
    const historyStart = startOfDay(addDays(today, -historyDays)).getTime();
    const minutes = channel.kind === 'gas' ? 60 : 15;
    const step = minutes * 60_000;
    const start = Math.max(localMidnight(from), historyStart);
    const end = Math.min(localMidnight(to), today.getTime());
    const data: { from: string; to: string; value: number }[] = [];
    for (let t = start; t + step <= end; t += step) {
      data.push({ from: formatAmsterdam(t), to: formatAmsterdam(t + step), value: intervalValue(channel.kind, channel.seed, t, minutes) });
    }
    return { ean: feed.ean, channel: channel.code, unit: channel.kind === 'gas' ? 'm3' : 'kWh', data };
  }

  function takeFault(path: string): Fault | undefined {
    const index = faults.findIndex(({ fault }) => !fault.path || fault.path.test(path));
    const entry = faults[index];
    if (!entry) return undefined;
    entry.left--;
    if (entry.left <= 0) faults.splice(index, 1);
    return entry.fault;
  }

  const app = new Hono();
  app.use('*', async (c, next) => {
    requests.push({ method: c.req.method, path: c.req.path });
    const fault = takeFault(c.req.path);
    if (fault?.kind === 'timeout') return new Promise<Response>((resolve) => hanging.add(() => resolve(c.body(null, 504))));
    if (fault?.kind === 'malformed') return c.body('{"feeds": [ {"uuid": oops', 200, { 'content-type': 'application/json' });
    if (fault?.kind === 'status') {
      if (fault.retryAfterSeconds !== undefined) c.header('Retry-After', String(fault.retryAfterSeconds));
      return c.json({ message: `Simulated ${fault.status}` }, fault.status);
    }
    if (c.req.header('authorization') !== `Bearer ${apiKey}`) return c.json({ message: 'Unauthorized' }, 401);
    await next();
  });

  app.get('/api/v1/feed', (c) => c.json([...stored.values()].map(view)));

  app.post('/api/v1/feed', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    if (!body || typeof body !== 'object' || Array.isArray(body)) return c.json({ message: 'The body must be a JSON object' }, 400);
    const input = body as Record<string, unknown>;
    if (typeof input.provider !== 'string' || !(HUB_PROVIDERS as readonly string[]).includes(input.provider)) {
      return c.json({ message: `provider must be one of ${HUB_PROVIDERS.join(', ')}` }, 400);
    }
    if (input.meterKind !== undefined && input.meterKind !== 'gas' && input.meterKind !== 'electricity') {
      return c.json({ message: "meterKind must be 'gas' or 'electricity'" }, 400);
    }
    return c.json(addFeed({ ...input, provider: input.provider }), 201);
  });

  app.delete('/api/v1/feed/:uuid', (c) => {
    const feed = stored.get(c.req.param('uuid'));
    if (!feed) return c.json({ message: 'Feed not found' }, 404);
    stored.delete(feed.uuid);
    for (const channel of feed.channels) channelsByToken.delete(channel.token);
    return c.body(null, 204);
  });

  app.get('/api/v1/data/:token/:file', (c) => {
    const channel = channelsByToken.get(c.req.param('token'));
    const feed = channel && stored.get(channel.feedUuid);
    if (!channel || !feed || !isVerified(feed) || c.req.param('file') !== `${channel.code}.json`) {
      return c.json({ message: 'Channel not found' }, 404);
    }
    const from = parseDay(c.req.query('from') ?? '');
    const to = parseDay(c.req.query('to') ?? '');
    if (!from || !to) return c.json({ message: 'from and to are required as YYYY-MM-DD' }, 400);
    if (from.utc >= to.utc) return c.json({ message: 'from must be before to' }, 400);
    if ((to.utc - from.utc) / 86_400_000 > MAX_DAYS) return c.json({ message: `At most ${MAX_DAYS} days per request` }, 400);
    return c.json(channelData(channel, feed, from, to));
  });

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  app.onError((error, c) => c.json({ message: error.message || 'Internal error' }, 500));

  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise<void>((resolve, reject) => {
    if (server.listening) resolve();
    else server.once('listening', () => resolve()).once('error', reject);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl: `${origin}/api/v1`,
    requests,
    inject(fault) {
      const left = fault.count ?? 1;
      if (left > 0) faults.push({ fault, left });
    },
    clearFaults: () => void faults.splice(0),
    feeds: () => [...stored.values()].map(view),
    addFeed,
    async close() {
      if (!server.listening) return;
      for (const release of hanging) release();
      hanging.clear();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
