import { afterEach, expect, test } from 'vitest';
import { type PushService, startPushService } from '../../testing/push-service';
import { newVapidKeys, sendPush } from './push-request';
import { pushEncryptors, warmPushEncryptors } from './push-encryptor';

const opened: PushService[] = [];
afterEach(async () => {
  for (const p of opened.splice(0)) await p.close();
});

async function pushes(count: number) {
  const service = await startPushService();
  opened.push(service);
  const settings = { vapid: newVapidKeys('https://energiebeheer.test'), ca: service.ca };
  const subscriptions = Array.from({ length: count }, () => service.subscribe(settings.vapid.publicKey).subscription);
  // Started together, as an escalation step starts its pushes: every message is handed to the encryptor before any answer.
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

test('pushes encrypted in the worker thread reach the push service and decrypt with the subscription keys, headers intact', async () => {
  await warmPushEncryptors();
  const before = pushEncryptors();
  expect(before.threads.length).toBeGreaterThan(0);
  const { service, send } = await pushes(30);
  const attempts = await send();
  expect(attempts.every((a) => a.ok)).toBe(true);
  expect(payloadsOf(service)).toEqual(expected(30));
  expect(service.received.every((r) => r.urgency === 'high' && r.ttl === '3600' && /^alarm-\d+$/.test(r.topic ?? ''))).toBe(true);
  const after = pushEncryptors();
  expect(after.inWorker - before.inWorker).toBe(30);
  expect(after.inThread - before.inThread).toBe(0);
  expect(after.deaths).toBe(before.deaths);
});

test('a worker that dies while it holds messages loses none: they are encrypted on this thread and delivered, and the next pushes get a fresh worker', async () => {
  await warmPushEncryptors();
  const before = pushEncryptors();
  const { service, send } = await pushes(40);
  const sending = send();
  // Every message is in a worker now; the threads end before they answered them all.
  for (const thread of before.threads) void thread.terminate();
  const attempts = await sending;
  expect(attempts.every((a) => a.ok)).toBe(true);
  expect(payloadsOf(service)).toEqual(expected(40));
  const died = pushEncryptors();
  expect(died.deaths).toBe(before.deaths + before.threads.length);
  expect(died.inThread - before.inThread).toBeGreaterThan(0);
  expect(died.inWorker - before.inWorker + died.inThread - before.inThread).toBe(40);

  await warmPushEncryptors();
  const fresh = pushEncryptors();
  expect(fresh.threads).toHaveLength(before.threads.length);
  expect(fresh.threads.some((t) => before.threads.includes(t))).toBe(false);
  const again = await pushes(5);
  expect((await again.send()).every((a) => a.ok)).toBe(true);
  expect(payloadsOf(again.service)).toEqual(expected(5));
  expect(pushEncryptors().inWorker - fresh.inWorker).toBe(5);
});

test('a subscription key that is no P-256 point fails that push with the reason, in the worker as on this thread', async () => {
  await warmPushEncryptors();
  const { service } = await pushes(0);
  const settings = { vapid: newVapidKeys('https://energiebeheer.test'), ca: service.ca };
  const sub = service.subscribe(settings.vapid.publicKey).subscription;
  const broken = { ...sub, keys: { ...sub.keys, p256dh: `B${'A'.repeat(86)}` } };
  const before = pushEncryptors();
  await expect(sendPush(settings, true, broken, { payload: '{}', urgency: 'normal', topic: 't', ttlSeconds: 60 })).rejects.toThrow(/point|key|curve/i);
  expect(service.received).toHaveLength(0);
  expect(pushEncryptors().deaths).toBe(before.deaths);
});
