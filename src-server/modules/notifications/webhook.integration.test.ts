import { createHmac } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { afterEach, expect, test } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { claimNotification } from './notifications.queries';
import { PRIVATE_TARGET } from './safe-target';
import { startReceiver } from './test-receiver';

const V1 = '/api/v1/alarms';
const SECRET = 'een-heel-geheim-secret';
const T = Date.parse('2026-11-25T09:00:00Z');
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

async function world(answer?: Parameters<typeof startReceiver>[0], allowPrivateTargets = true) {
  let now = T;
  const receiver = await startReceiver(answer);
  const w = await createAlarmWorld({ clock: () => new Date(now), notify: { allowPrivateTargets } });
  closing.push(receiver.close, () => w.h.close());
  const admin = w.tokens.admin;
  const rule = async (url = receiver.url(), extra: Record<string, unknown> = {}) => {
    const res = await w.h.request(`${V1}/dashboards/${w.dashA.id}/notification-rules`, {
      method: 'POST',
      token: admin,
      json: { name: 'Wachtdienst', priorities: ['HIGH'], events: ['created'], channel: { type: 'WEBHOOK', url, secret: SECRET }, ...extra },
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: number };
  };
  const alarm = async (json: Record<string, unknown> = {}) => {
    const res = await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms`, {
      method: 'POST',
      token: admin,
      json: { line: 'Omvormer 3 uitgevallen', priority: 'HIGH', ...json },
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: number };
  };
  // A run may already be going (woken by the alarm); the second starts after it, so all is seen.
  const settle = async () => {
    await w.h.jobs.runNow('notify');
    await w.h.jobs.runNow('notify');
  };
  const notifications = async () =>
    ((await (await w.h.request(`${V1}/dashboards/${w.dashA.id}/notifications`, { token: admin })).json()) as { notifications: Record<string, unknown>[] })
      .notifications;
  const history = async (alarmId: number) =>
    ((await (await w.h.request(`${V1}/alarms/${alarmId}/history`, { token: admin })).json()) as { event: string; details: Record<string, unknown> }[]).filter(
      (h) => h.event.startsWith('notif'),
    );
  return { ...w, receiver, rule, alarm, settle, notifications, history, advance: (seconds: number) => (now += seconds * 1000) };
}

test('a HIGH alarm reaches the webhook with the documented body, the delivery id and an HMAC-SHA256 signature of the raw body', async () => {
  const w = await world();
  await w.rule();
  const { id } = await w.alarm({ key: 'inv-3', data: { site: 'Utrecht' } });
  await w.receiver.waitFor(1);
  const [request] = w.receiver.received;
  const [notification] = await w.notifications();
  expect(request!.headers['x-energiebeheer-event']).toBe('created');
  expect(request!.headers['x-energiebeheer-delivery']).toBe(String(notification!.id));
  expect(request!.headers['x-energiebeheer-signature']).toBe(`sha256=${createHmac('sha256', SECRET).update(request!.body).digest('hex')}`);
  expect(JSON.parse(request!.body)).toEqual({
    event: 'created',
    sentAt: '2026-11-25T09:00:00.000Z',
    dashboard: { id: w.dashA.id, name: 'Storingen Alfa' },
    alarm: {
      id,
      key: 'inv-3',
      line: 'Omvormer 3 uitgevallen',
      priority: 'HIGH',
      receivedAt: '2026-11-25T09:00:00.000Z',
      resolvedAt: null,
      data: { site: 'Utrecht' },
      folder: { id: w.foldersA.inbox, label: expect.any(String) },
      url: `http://energiebeheer.test/app/alarms/${w.dashA.id}/folders/inbox?alarm=${id}`,
    },
  });
  await w.settle();
  expect(await w.notifications()).toMatchObject([{ status: 'SENT', attempts: 1, event: 'created', channel: 'WEBHOOK', lastError: null }]);
  expect(await w.history(id)).toMatchObject([{ event: 'notified', details: { channel: 'WEBHOOK', target: w.receiver.url(), event: 'created' } }]);
});

test('a 500 is retried with backoff and the same delivery id until a 2xx; each attempt is in the history', async () => {
  const w = await world((n) => ({ status: n === 1 ? 500 : 204 }));
  await w.rule();
  const { id } = await w.alarm();
  await w.settle();
  expect(await w.notifications()).toMatchObject([{ status: 'PENDING', attempts: 1, lastError: 'HTTP 500' }]);
  w.advance(10);
  await w.settle();
  expect(w.receiver.received).toHaveLength(1);
  w.advance(25);
  await w.settle();
  expect(w.receiver.received).toHaveLength(2);
  expect(w.receiver.received[1]!.headers['x-energiebeheer-delivery']).toBe(w.receiver.received[0]!.headers['x-energiebeheer-delivery']);
  expect(await w.notifications()).toMatchObject([{ status: 'SENT', attempts: 2 }]);
  expect((await w.history(id)).map((h) => h.event)).toEqual(['notification-failed', 'notified']);
});

test('a 429 waits for its Retry-After', async () => {
  const w = await world((n) => (n === 1 ? { status: 429, headers: { 'Retry-After': '120' } } : { status: 200 }));
  await w.rule();
  await w.alarm();
  await w.settle();
  w.advance(100);
  await w.settle();
  expect(w.receiver.received).toHaveLength(1);
  w.advance(25);
  await w.settle();
  expect(await w.notifications()).toMatchObject([{ status: 'SENT', attempts: 2 }]);
});

test('a 400 fails at once and is not retried', async () => {
  const w = await world(() => ({ status: 400 }));
  await w.rule();
  const { id } = await w.alarm();
  await w.settle();
  // Past every backoff step a retry would have taken (access tokens outlive it).
  w.advance(1800);
  await w.settle();
  expect(w.receiver.received).toHaveLength(1);
  expect(await w.notifications()).toMatchObject([{ status: 'FAILED', attempts: 1, lastError: 'HTTP 400' }]);
  expect(await w.history(id)).toMatchObject([{ event: 'notification-failed', details: { error: 'HTTP 400', retry: false } }]);
});

test('a redirect is not followed and fails the notification', async () => {
  const w = await world((n) => (n === 1 ? { status: 302, headers: { Location: '/elsewhere' } } : { status: 200 }));
  await w.rule();
  await w.alarm();
  await w.settle();
  expect(w.receiver.received.map((r) => r.path)).toEqual(['/hook']);
  expect(await w.notifications()).toMatchObject([{ status: 'FAILED', lastError: 'Doorverwijzing (HTTP 302) wordt niet gevolgd.' }]);
});

test('a loopback target is refused without NOTIFY_ALLOW_PRIVATE_TARGETS, by IP and by a name that resolves to loopback', async () => {
  const w = await world(undefined, false);
  await w.rule();
  await w.rule(`http://localhost:${w.receiver.port}/hook`);
  await w.alarm();
  await w.settle();
  expect(w.receiver.received).toHaveLength(0);
  expect(await w.notifications()).toMatchObject([
    { status: 'FAILED', lastError: PRIVATE_TARGET },
    { status: 'FAILED', lastError: PRIVATE_TARGET },
  ]);
});

test('the rule test sends now and says so in Dutch; a manual retry of a failed notification sends it again', async () => {
  const w = await world((n) => ({ status: n === 2 ? 400 : 200 }));
  const rule = await w.rule();
  const test = await w.h.request(`${V1}/notification-rules/${rule.id}/test`, { method: 'POST', token: w.tokens.admin });
  expect(await test.json()).toEqual({ ok: true, message: `Testmelding verstuurd naar ${w.receiver.url()}.` });
  expect(w.receiver.received[0]!.headers['x-energiebeheer-delivery']).toMatch(/^test-/);
  await w.alarm();
  await w.settle();
  const [failed] = await w.notifications();
  expect(failed).toMatchObject({ status: 'FAILED' });
  const retry = await w.h.request(`${V1}/notifications/${failed!.id}/retry`, { method: 'POST', token: w.tokens.admin });
  expect(retry.status).toBe(204);
  await w.settle();
  expect(await w.notifications()).toMatchObject([{ status: 'SENT', attempts: 2 }]);
  expect((await w.h.request(`${V1}/notifications/${failed!.id}/retry`, { method: 'POST', token: w.tokens.admin })).status).toBe(409);
});

test('the rule test is limited like mailbox tests: the 11th in a minute of one rule is a 429 with a Dutch message and Retry-After, and nothing is sent for it', async () => {
  const w = await world();
  const rule = await w.rule();
  const test = () => w.h.request(`${V1}/notification-rules/${rule.id}/test`, { method: 'POST', token: w.tokens.admin });
  for (let i = 0; i < 10; i++) expect((await test()).status).toBe(200);
  const limited = await test();
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBe(60);
  expect((await limited.json()).error.message).toBe('Te veel testmeldingen achter elkaar. Probeer het over 60 seconden opnieuw.');
  expect(w.receiver.received).toHaveLength(10);
  // a new rule per try does not dodge it: 30 a minute per user over all rules
  const testOf = (id: number) => w.h.request(`${V1}/notification-rules/${id}/test`, { method: 'POST', token: w.tokens.admin });
  for (let i = 0; i < 2; i++) {
    const other = await w.rule();
    for (let j = 0; j < 10; j++) expect((await testOf(other.id)).status).toBe(200);
  }
  expect((await testOf((await w.rule()).id)).status).toBe(429);
  w.advance(60);
  expect((await test()).status).toBe(200);
});

test("this machine's own interface addresses are refused as webhook targets, however public they look", async () => {
  const w = await world(undefined, false);
  const own = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((i) => !i.internal && i.family === 'IPv4');
  for (const { address } of own) {
    const rule = await w.rule(`http://${address}:${w.receiver.port}/hook`);
    const answer = await (await w.h.request(`${V1}/notification-rules/${rule.id}/test`, { method: 'POST', token: w.tokens.admin })).json();
    expect(answer).toEqual({ ok: false, message: `Testmelding mislukt: ${PRIVATE_TARGET}` });
  }
  expect(w.receiver.received).toHaveLength(0);
});

test('credentials in a webhook URL are masked in every answer and history entry, kept when the masked URL comes back, and still used to send', async () => {
  const w = await world();
  const url = `http://ops:s3cr3t-pw@127.0.0.1:${w.receiver.port}/hook`;
  const masked = `http://ops:***@127.0.0.1:${w.receiver.port}/hook`;
  const rule = await w.rule(url);
  const admin = w.tokens.admin;
  const listed = await (await w.h.request(`${V1}/dashboards/${w.dashA.id}/notification-rules`, { token: admin })).json();
  expect(listed[0].channel).toEqual({ type: 'WEBHOOK', url: masked, secret: null });
  expect((await w.callers.admin.notification.rules({ dashboardId: w.dashA.id }))[0]!.channel).toMatchObject({ url: masked });
  // the form sends the masked URL back with another name: the stored password stays
  const patched = await w.h.request(`${V1}/notification-rules/${rule.id}`, {
    method: 'PATCH',
    token: admin,
    json: { name: 'Nacht', channel: { type: 'WEBHOOK', url: masked } },
  });
  expect(patched.status).toBe(200);
  expect(JSON.stringify(await patched.json())).not.toContain('s3cr3t');
  const test = await (await w.h.request(`${V1}/notification-rules/${rule.id}/test`, { method: 'POST', token: admin })).json();
  expect(test).toEqual({ ok: true, message: `Testmelding verstuurd naar ${masked}.` });
  await w.alarm();
  await w.settle();
  const expectedAuth = `Basic ${Buffer.from('ops:s3cr3t-pw').toString('base64')}`;
  expect(w.receiver.received.map((r) => r.headers.authorization)).toEqual([expectedAuth, expectedAuth]);
  const [notification] = await w.notifications();
  const history = await w.history(notification!.alarmId as number);
  expect(history).toMatchObject([{ event: 'notified', details: { target: masked } }]);
  // a masked password with another host would send the stored one elsewhere: refused
  const moved = await w.h.request(`${V1}/notification-rules/${rule.id}`, {
    method: 'PATCH',
    token: admin,
    json: { channel: { type: 'WEBHOOK', url: `http://ops:***@example.org/hook` } },
  });
  expect(moved.status).toBe(400);
  expect((await moved.json()).error.fieldErrors['channel.url'][0]).toMatch(/wachtwoord/);
  // a new password replaces the old one
  await w.h.request(`${V1}/notification-rules/${rule.id}`, {
    method: 'PATCH',
    token: admin,
    json: { channel: { type: 'WEBHOOK', url: `http://ops:nieuw@127.0.0.1:${w.receiver.port}/hook` } },
  });
  await w.h.request(`${V1}/notification-rules/${rule.id}/test`, { method: 'POST', token: admin });
  expect(w.receiver.received[2]!.headers.authorization).toBe(`Basic ${Buffer.from('ops:nieuw').toString('base64')}`);
});

test('an attempt cut off by a crash is tried once more when its lease ends, with the same delivery id', async () => {
  const w = await world();
  await w.h.request(`${V1}/dashboards/${w.dashA.id}/notification-rules`, {
    method: 'POST',
    token: w.tokens.admin,
    json: { name: 'Later', enabled: false, priorities: ['HIGH'], events: ['created'], channel: { type: 'WEBHOOK', url: w.receiver.url(), secret: SECRET } },
  });
  // The row exists but the process "dies" right after claiming it: nothing is sent.
  const { id: alarmId } = await w.alarm();
  // The run the alarm woke must be over, or it may take the row below before this "crash" does.
  await w.settle();
  const ruleId = (await w.h.db.selectFrom('notificationRule').select('id').executeTakeFirstOrThrow()).id;
  const at = Math.floor(T / 1000);
  const { id } = await w.h.db
    .insertInto('notification')
    .values({ ruleId, dashboardId: w.dashA.id, alarmId, event: 'created', channel: 'WEBHOOK', status: 'PENDING', createdAt: at, nextAttemptAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  expect(await claimNotification(w.h.db, id, at, at + 120)).toBe(true);
  await w.settle();
  expect(w.receiver.received).toHaveLength(0);
  w.advance(121);
  await w.settle();
  w.advance(600);
  await w.settle();
  expect(w.receiver.received.map((r) => r.headers['x-energiebeheer-delivery'])).toEqual([String(id)]);
  expect(await w.notifications()).toMatchObject([{ id, status: 'SENT', attempts: 2 }]);
});

test('the first retry comes within 30 s of a failed attempt, through the 5 s schedule of the notify job', async () => {
  const w = await world((n) => ({ status: n === 1 ? 503 : 204 }));
  await w.rule();
  await w.alarm();
  await w.settle();
  expect(w.receiver.received).toHaveLength(1);
  // The schedule looks every second and runs the job 5 s after its last run ended: a retry due at
  // +d is sent by +d+6 at the latest, so it must be sent by +24 on this clock to be within 30 s.
  let retriedAfter = 0;
  for (let s = 1; s <= 40 && w.receiver.received.length < 2; s++) {
    w.advance(1);
    await w.h.jobs.tick();
    retriedAfter = s;
  }
  expect(w.receiver.received).toHaveLength(2);
  expect(retriedAfter).toBeLessThanOrEqual(24);
  expect(await w.notifications()).toMatchObject([{ status: 'SENT', attempts: 2 }]);
});
