import diagnostics from 'node:diagnostics_channel';
import { afterEach, expect, test } from 'vitest';
import { type PushService, startPushService } from '../../testing/push-service';
import { newVapidKeys, sendPush } from './push-request';
import { PUSH_LEFT_CHANNEL, pushSenders, warmPushSenders } from './push-sender';

const opened: PushService[] = [];
afterEach(async () => {
  for (const p of opened.splice(0)) await p.close();
});

async function pushes(count: number) {
  const service = await startPushService();
  opened.push(service);
  const settings = { vapid: newVapidKeys('https://energiebeheer.test'), ca: service.ca };
  const subscriptions = Array.from({ length: count }, () => service.subscribe(settings.vapid.publicKey).subscription);
  // Started together, as an escalation step starts its pushes: every message is handed to the sender before any answer.
  const send = () =>
    Promise.all(
      subscriptions.map((sub, i) =>
        sendPush(settings, true, sub, {
          payload: JSON.stringify({ title: `Storing ${i}`, alarmId: i }),
          urgency: 'high',
          topic: `alarm-${i}`,
          ttlSeconds: 3600,
        }),
      ),
    );
  return { service, send };
}

const payloadsOf = (service: PushService) => service.received.map((r) => r.payload).sort((a, b) => Number(a.alarmId) - Number(b.alarmId));
const expected = (count: number) => Array.from({ length: count }, (_, i) => ({ title: `Storing ${i}`, alarmId: i }));

test('pushes encrypted and posted by the worker thread reach the push service and decrypt with the subscription keys, headers intact', async () => {
  await warmPushSenders();
  const before = pushSenders();
  expect(before.threads.length).toBeGreaterThan(0);
  const { service, send } = await pushes(30);
  const left: { host: string; at: number }[] = [];
  const onLeft = (m: unknown) => left.push(m as { host: string; at: number });
  diagnostics.subscribe(PUSH_LEFT_CHANNEL, onLeft);
  const from = Date.now();
  const attempts = await send().finally(() => diagnostics.unsubscribe(PUSH_LEFT_CHANNEL, onLeft));
  expect(attempts.every((a) => a.ok)).toBe(true);
  expect(payloadsOf(service)).toEqual(expected(30));
  expect(service.received.every((r) => r.urgency === 'high' && r.ttl === '3600' && /^alarm-\d+$/.test(r.topic ?? ''))).toBe(true);
  const after = pushSenders();
  expect(after.inWorker - before.inWorker).toBe(30);
  expect(after.inThread - before.inThread).toBe(0);
  expect(after.deaths).toBe(before.deaths);
  // Sent from the worker, where this thread's http diagnostics cannot see them: each is published here as it left.
  expect(left).toHaveLength(30);
  expect(left.every((l) => l.host === new URL(service.origin).host && l.at >= from && l.at <= Date.now())).toBe(true);
});

test('a worker that dies while it holds messages loses none: they are sent from this thread, and the next pushes get a fresh worker', async () => {
  await warmPushSenders();
  const before = pushSenders();
  const { service, send } = await pushes(40);
  const sending = send();
  // Every message is in a worker now; the threads end before they answered them all.
  for (const thread of before.threads) void thread.terminate();
  const attempts = await sending;
  expect(attempts.every((a) => a.ok)).toBe(true);
  // One a worker had posted before it ended is sent again (at least once, never lost).
  const distinct = [...new Map(service.received.map((r) => [Number(r.payload.alarmId), r.payload])).values()];
  expect(distinct.sort((a, b) => Number(a.alarmId) - Number(b.alarmId))).toEqual(expected(40));
  const died = pushSenders();
  expect(died.deaths).toBe(before.deaths + before.threads.length);
  expect(died.inThread - before.inThread).toBeGreaterThan(0);
  expect(died.inWorker - before.inWorker + died.inThread - before.inThread).toBe(40);

  await warmPushSenders();
  const fresh = pushSenders();
  expect(fresh.threads).toHaveLength(before.threads.length);
  expect(fresh.threads.some((t) => before.threads.includes(t))).toBe(false);
  const again = await pushes(5);
  expect((await again.send()).every((a) => a.ok)).toBe(true);
  expect(payloadsOf(again.service)).toEqual(expected(5));
  expect(pushSenders().inWorker - fresh.inWorker).toBe(5);
});

test('a subscription key that is no P-256 point fails that push with the reason, in the worker as on this thread', async () => {
  await warmPushSenders();
  const { service } = await pushes(0);
  const settings = { vapid: newVapidKeys('https://energiebeheer.test'), ca: service.ca };
  const sub = service.subscribe(settings.vapid.publicKey).subscription;
  const broken = { ...sub, keys: { ...sub.keys, p256dh: `B${'A'.repeat(86)}` } };
  const before = pushSenders();
  await expect(sendPush(settings, true, broken, { payload: '{}', urgency: 'normal', topic: 't', ttlSeconds: 60 })).rejects.toThrow(/point|key|curve/i);
  expect(service.received).toHaveLength(0);
  expect(pushSenders().deaths).toBe(before.deaths);
});
