/**
 * Notifications (issue 19) through the real server, job runner and wake-up, to receivers on
 * loopback: a HIGH alarm raised over REST until its signed webhook arrives (median of 100), and
 * 1,000 webhooks to a receiver that takes 1 s per answer while `/auth/me` is called back to back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src-server/config';
import { startServer } from '../src-server/server';
import { startReceiver } from '../src-server/modules/notifications/test-receiver';

const ROUNDS = 100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function setUp(receiver: Awaited<ReturnType<typeof startReceiver>>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'energie-notify-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_EMAIL: 'bench@example.nl',
    ADMIN_PASSWORD: 'bench-wachtwoord-1',
    NOTIFY_ALLOW_PRIVATE_TARGETS: 'true',
  });
  const server = await startServer(config, { log: () => {} });
  const call = async (method: string, route: string, token?: string, body?: unknown) => {
    const res = await fetch(`${server.url}${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { accessToken: token } = await call('POST', '/auth/login', undefined, { email: 'bench@example.nl', password: 'bench-wachtwoord-1' });
  const org = await call('PUT', '/api/organizations', token, { name: 'Bench' });
  const dashboard = await call('POST', '/api/v1/alarms/dashboards', token, { name: 'Bench', organizationId: org.id });
  await call('POST', `/api/v1/alarms/dashboards/${dashboard.id}/notification-rules`, token, {
    name: 'Bench',
    priorities: ['HIGH'],
    events: ['created'],
    channel: { type: 'WEBHOOK', url: receiver.url(), secret: 'bench-secret-0123456789' },
  });
  const raise = (line: string) => call('POST', `/api/v1/alarms/dashboards/${dashboard.id}/alarms`, token, { line, priority: 'HIGH' });
  const stop = async () => {
    await receiver.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { server, token, raise, stop };
}

export async function benchNotifications() {
  const receiver = await startReceiver();
  const { raise, stop } = await setUp(receiver);
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = Date.now();
    await raise(`Bench ${i}`);
    await receiver.waitFor(i + 1);
    samples.push(receiver.received[i]!.at - start);
  }
  await stop();
  return { median: median(samples), max: Math.max(...samples) };
}

const SLOW = 1000;

/** 1,000 webhooks to a receiver answering after 1 s: how long they take, and `/auth/me` meanwhile. */
export async function benchSlowReceiver() {
  const receiver = await startReceiver(() => ({ status: 200, delayMs: 1000 }));
  const { server, token, raise, stop } = await setUp(receiver);
  const start = Date.now();
  for (let i = 0; i < SLOW; i++) await raise(`Traag ${i}`);
  const me: number[] = [];
  let done = false;
  const delivered = receiver.waitFor(SLOW).then(() => (done = true));
  while (!done) {
    const t = performance.now();
    await fetch(`${server.url}/auth/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
    me.push(performance.now() - t);
  }
  await delivered;
  const seconds = (Date.now() - start) / 1000;
  await stop();
  me.sort((a, b) => a - b);
  return { seconds, p99: me[Math.floor(me.length * 0.99)]!, calls: me.length };
}
