/**
 * Notification latency (issue 19): a HIGH alarm raised over REST until its signed webhook arrives
 * at a receiver on loopback, median of 100, through the real server, job runner and wake-up.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src-server/config';
import { startServer } from '../src-server/server';
import { startReceiver } from '../src-server/modules/notifications/test-receiver';

const ROUNDS = 100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchNotifications() {
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
  const receiver = await startReceiver();
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
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = Date.now();
    await call('POST', `/api/v1/alarms/dashboards/${dashboard.id}/alarms`, token, { line: `Bench ${i}`, priority: 'HIGH' });
    await receiver.waitFor(i + 1);
    samples.push(receiver.received[i]!.at - start);
  }
  await receiver.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return { median: median(samples), max: Math.max(...samples) };
}
