import { afterEach, expect, test } from 'vitest';
import { type EscalationWorld, createEscalationWorld } from '../../testing/escalation-world';
import { type PushService, startPushService } from '../../testing/push-service';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0).reverse()) await o.close();
});

/** The escalation world with a local push service its endpoints are trusted at (loopback: private targets allowed unless said). */
async function world(allowPrivateTargets = true): Promise<EscalationWorld & { push: PushService; publicKey: string }> {
  const push = await startPushService();
  opened.push(push);
  const w = await createEscalationWorld({ allowPrivateTargets, webPush: { ca: push.ca } });
  opened.push(w);
  const { publicKey } = await w.callers.installerA.contactMethod.webPushKey();
  return { ...w, push, publicKey };
}
const mine = '/api/v1/users/me/contact-methods';

test('a browser subscription is added over REST, listed as push notifications of its service, tested with a real encrypted push and deleted', async () => {
  const w = await world();
  const token = w.tokens.installerA;
  const key = await w.h.request('/api/v1/web-push/public-key', { token });
  expect(await key.json()).toEqual({ publicKey: expect.stringMatching(/^B[A-Za-z0-9_-]{86}$/) });
  const { subscription } = w.push.subscribe(w.publicKey);
  const res = await w.h.request(mine, { method: 'POST', token, json: { type: 'WEB_PUSH', subscription } });
  expect(res.status).toBe(201);
  const method = (await res.json()) as { id: number; address: string };
  expect(method).toEqual({
    id: expect.any(Number),
    type: 'WEB_PUSH',
    address: expect.stringMatching(/^Pushmeldingen \(127\.0\.0\.1:\d+, apparaat [0-9a-f]{6}\)$/),
    isDefault: false,
    createdAt: '2026-11-28T01:22:00.000Z',
  });
  const stored = await w.h.db.selectFrom('contactMethod').select('target').where('id', '=', method.id).executeTakeFirstOrThrow();
  expect(stored.target).not.toContain(subscription.keys.auth);
  expect(stored.target).not.toContain('127.0.0.1');

  const tested = await w.h.request(`/api/v1/contact-methods/${method.id}/test`, { method: 'POST', token });
  expect(await tested.json()).toEqual({ ok: true, message: `Testmelding verstuurd naar ${method.address}.` });
  expect(w.push.received).toHaveLength(1);
  expect(w.push.received[0]!.payload).toEqual({
    title: '[HOOG] Testmelding: zo bereikt een escalatie je',
    body: '28-11-2026 02:22\nTest',
    url: 'http://energiebeheer.test/app/alarms/0/folders/test?alarm=0',
    actionUrl: null,
    tag: 'test',
    alarmId: 0,
  });
  expect(w.push.received[0]).toMatchObject({ urgency: 'high', ttl: '86400', jwt: { aud: w.push.origin, sub: 'mailto:beheer@energiebeheer.test' } });

  const again = await w.h.request(mine, { method: 'POST', token, json: { type: 'WEB_PUSH', subscription } });
  expect(again.status).toBe(409);
  expect((await w.h.request(`/api/v1/contact-methods/${method.id}`, { method: 'DELETE', token })).status).toBe(204);
  expect((await (await w.h.request(mine, { token })).json()) as unknown[]).toHaveLength(1);
});

test('a subscription that is not https, has keys of the wrong length or a key off the curve is refused with Dutch field errors', async () => {
  const w = await world();
  const { subscription } = w.push.subscribe(w.publicKey);
  const post = async (sub: unknown) => {
    const res = await w.h.request(mine, { method: 'POST', token: w.tokens.installerA, json: { type: 'WEB_PUSH', subscription: sub } });
    return { status: res.status, fieldErrors: ((await res.json()) as { error: { fieldErrors?: Record<string, string[]> } }).error.fieldErrors };
  };
  expect(await post({ ...subscription, endpoint: 'http://push.example.com/x' })).toEqual({
    status: 400,
    fieldErrors: { 'subscription.endpoint': ['Het adres van het abonnement moet met https:// beginnen.'] },
  });
  expect(await post({ ...subscription, keys: { p256dh: subscription.keys.p256dh.slice(1), auth: `${subscription.keys.auth}AA` } })).toEqual({
    status: 400,
    fieldErrors: {
      'subscription.keys.p256dh': ['De sleutel p256dh moet een P-256-sleutel van 65 bytes in base64url zijn.'],
      'subscription.keys.auth': ['De sleutel auth moet 16 bytes in base64url zijn.'],
    },
  });
  expect(await post({ ...subscription, keys: { ...subscription.keys, p256dh: `B${'A'.repeat(86)}` } })).toEqual({
    status: 400,
    fieldErrors: { 'subscription.keys.p256dh': ['De sleutel p256dh is geen geldig punt op de P-256-curve.'] },
  });
  expect(await post(undefined)).toMatchObject({ status: 400, fieldErrors: { subscription: ['Geef het pushabonnement van de browser op.'] } });
});

test('an escalation reaches a person by e-mail and by push at once: two notification rows, both in the history, the push with their action link', async () => {
  const w = await world();
  const { subscription } = w.push.subscribe(w.publicKey);
  await w.callers.installerA.contactMethod.create({ type: 'WEB_PUSH', subscription });
  await w.escalateAlong([{ afterMinutes: 0, targets: [{ type: 'USER', id: w.ids.installerA }] }]);
  const alarm = await w.raise();
  await w.settle();
  expect(w.smtp.mails.map((m) => m.to)).toEqual([['inst-a@example.nl']]);
  expect(w.push.received).toHaveLength(1);
  const { payload, urgency, topic } = w.push.received[0]!;
  expect(payload).toEqual({
    title: '[HOOG] Koelcel 4 te warm',
    body: '28-11-2026 02:22\nStoringen Alfa',
    url: `http://energiebeheer.test/app/alarms/${w.dashA.id}/folders/inbox?alarm=${alarm.id}`,
    actionUrl: expect.stringMatching(/^http:\/\/energiebeheer\.test\/app\/act\/[A-Za-z0-9_-]{43}$/),
    tag: `alarm-${alarm.id}`,
    alarmId: alarm.id,
  });
  expect([urgency, topic]).toEqual(['high', `alarm-${alarm.id}`]);
  // The push's link acknowledges as the person it was sent to.
  const actToken = /\/act\/(.+)$/.exec(payload.actionUrl as string)![1];
  const acted = await w.h.request(`/api/v1/actions/${actToken}`, { method: 'POST', json: { action: 'acknowledge' } });
  expect(acted.status).toBe(200);
  const notifications = (await w.admin.notification.list({ dashboardId: w.dashA.id, page: 0, size: 20 })).notifications;
  expect(notifications.map((n) => [n.channel, n.status]).sort()).toEqual([
    ['EMAIL', 'SENT'],
    ['WEB_PUSH', 'SENT'],
  ]);
  const notified = (await w.history(alarm.id)).filter((h) => h.event === 'notified').map((h) => h.details);
  expect(notified).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ channel: 'EMAIL', target: 'inst-a@example.nl', name: 'inst-a' }),
      expect.objectContaining({ channel: 'WEB_PUSH', target: expect.stringMatching(/^Pushmeldingen \(127\.0\.0\.1/), name: 'inst-a' }),
    ]),
  );
});

/**
 * Installer A's one subscription, whose push service answers the first push of an alarm with
 * `status`: the subscription is removed and the alarm's history says the push failed and why.
 */
async function pushAnswered(status: 404 | 410) {
  const w = await world();
  const { id, subscription } = w.push.subscribe(w.publicKey);
  await w.callers.installerA.contactMethod.create({ type: 'WEB_PUSH', subscription });
  w.push.answerNext(id, { status });
  await w.escalateAlong([{ afterMinutes: 0, targets: [{ type: 'USER', id: w.ids.installerA }] }]);
  const alarm = await w.raise();
  await w.settle();
  expect((await w.callers.installerA.contactMethod.list()).map((m) => m.type)).toEqual(['EMAIL']);
  const failed = (await w.history(alarm.id)).filter((h) => h.event === 'notification-failed').map((h) => h.details);
  expect(failed).toMatchObject([
    { channel: 'WEB_PUSH', retry: false, error: `De pushdienst kent dit apparaat niet meer (HTTP ${status}). De contactmethode is verwijderd.` },
  ]);
  return { w, id };
}

test('a push service answering 410 removes the subscription; the history says the push failed and why', async () => {
  const { w } = await pushAnswered(410);
  // A later step no longer tries the removed subscription.
  w.advance(3600);
  await w.settle();
  expect(w.push.refused).toHaveLength(1);
});

test('a push service answering 404 (an unknown subscription) removes it as 410 does, and a later alarm does not try it again', async () => {
  const { w, id } = await pushAnswered(404);
  const later = await w.raise('Koelcel 5 te warm');
  await w.settle();
  expect(w.push.refused).toEqual([expect.objectContaining({ subscriptionId: id, status: 404 })]);
  expect(w.push.received).toHaveLength(0);
  // The person is still reached on what is left: their account's address.
  expect((await w.history(later.id)).filter((h) => h.event === 'notified').map((h) => h.details)).toMatchObject([{ channel: 'EMAIL' }]);
});

test('a push service answering 503 with Retry-After is tried again after that wait, and the second try delivers', async () => {
  const w = await world();
  const { id, subscription } = w.push.subscribe(w.publicKey);
  await w.callers.installerA.contactMethod.create({ type: 'WEB_PUSH', subscription });
  w.push.answerNext(id, { status: 503, headers: { 'Retry-After': '120' } });
  await w.escalateAlong([{ afterMinutes: 0, targets: [{ type: 'USER', id: w.ids.installerA }] }]);
  const alarm = await w.raise();
  await w.settle();
  expect(w.push.received).toHaveLength(0);
  const pushRow = async () =>
    (await w.admin.notification.list({ dashboardId: w.dashA.id, page: 0, size: 20 })).notifications.find((n) => n.channel === 'WEB_PUSH')!;
  expect(await pushRow()).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'De pushdienst antwoordde HTTP 503: queued 503' });
  w.advance(119);
  await w.settle();
  expect(w.push.received).toHaveLength(0);
  w.advance(1);
  await w.settle();
  await w.push.waitFor(2);
  expect(w.push.received.map((r) => r.payload.alarmId)).toEqual([alarm.id]);
  expect(await pushRow()).toMatchObject({ status: 'SENT', attempts: 2 });
});

test('a subscription on a private address is refused at send time unless private targets are allowed', async () => {
  const w = await world(false);
  const { subscription } = w.push.subscribe(w.publicKey);
  const method = await w.callers.installerA.contactMethod.create({ type: 'WEB_PUSH', subscription });
  const answer = await w.callers.installerA.contactMethod.test({ contactMethodId: method.id });
  expect(answer).toEqual({
    ok: false,
    message: 'Testmelding mislukt: Dit adres ligt in een privé-, loopback- of link-local-netwerk; zulke doelen zijn niet toegestaan.',
  });
  expect(w.push.received.length + w.push.refused.length).toBe(0);
});

test('a renewed browser subscription replaces the old one of the same user without a session; the next test push reaches the new one; an unknown endpoint is a 404', async () => {
  const w = await world();
  const token = w.tokens.installerA;
  const old = w.push.subscribe(w.publicKey);
  const created = (await (await w.h.request(mine, { method: 'POST', token, json: { type: 'WEB_PUSH', subscription: old.subscription } })).json()) as {
    id: number;
  };
  // The service worker fetches the key without a session, then posts the change without one.
  expect((await w.h.request('/api/v1/web-push/public-key')).status).toBe(200);
  const renewed = w.push.subscribe(w.publicKey);
  const res = await w.h.request('/api/v1/web-push/subscription-change', {
    method: 'POST',
    json: { oldEndpoint: old.subscription.endpoint, subscription: renewed.subscription },
  });
  expect(res.status).toBe(204);
  const list = (await (await w.h.request(mine, { token })).json()) as { id: number; type: string }[];
  expect(list.filter((m) => m.type === 'WEB_PUSH').map((m) => m.id)).toEqual([created.id]);
  await w.h.request(`/api/v1/contact-methods/${created.id}/test`, { method: 'POST', token });
  expect(w.push.received.map((r) => r.subscriptionId)).toEqual([renewed.id]);

  const unknown = await w.h.request('/api/v1/web-push/subscription-change', {
    method: 'POST',
    json: { oldEndpoint: old.subscription.endpoint, subscription: w.push.subscribe(w.publicKey).subscription },
  });
  expect(unknown.status).toBe(404);
  expect(await unknown.text()).toContain('Dit pushabonnement is hier niet bekend');
});
