/**
 * Notifications through the real server, job runner and wake-up, to receivers on
 * loopback: a HIGH alarm raised over REST until its signed webhook arrives (median of 100), and
 * 1,000 webhooks to a receiver that takes 1 s per answer while `/auth/me` is called back to back.
 */
import { startReceiver } from '../src-server/modules/notifications/test-receiver';
import { startAlarmBench } from './alarm-bench-server';
import { median } from './stats';

const ROUNDS = 100;

async function setUp(receiver: Awaited<ReturnType<typeof startReceiver>>) {
  const bench = await startAlarmBench('notify', { NOTIFY_ALLOW_PRIVATE_TARGETS: 'true' });
  const { call, accessToken: token, dashboard } = bench;
  await call('POST', `/api/v1/alarms/dashboards/${dashboard.id}/notification-rules`, token, {
    name: 'Bench',
    priorities: ['HIGH'],
    events: ['created'],
    channel: { type: 'WEBHOOK', url: receiver.url(), secret: 'bench-secret-0123456789' },
  });
  const raise = (line: string) => call('POST', `/api/v1/alarms/dashboards/${dashboard.id}/alarms`, token, { line, priority: 'HIGH' });
  const stop = async () => {
    await receiver.close();
    await bench.stop();
  };
  return { url: bench.url, token, raise, stop };
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
  const { url, token, raise, stop } = await setUp(receiver);
  const start = Date.now();
  for (let i = 0; i < SLOW; i++) await raise(`Traag ${i}`);
  const me: number[] = [];
  let done = false;
  const delivered = receiver.waitFor(SLOW).then(() => (done = true));
  while (!done) {
    const t = performance.now();
    await fetch(`${url}/auth/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
    me.push(performance.now() - t);
  }
  await delivered;
  const seconds = (Date.now() - start) / 1000;
  await stop();
  me.sort((a, b) => a - b);
  return { seconds, p99: me[Math.floor(me.length * 0.99)]!, calls: me.length };
}
