import { createHmac } from 'node:crypto';
import { afterEach, expect, test } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { testingOnPostgres } from '../../testing/test-database';
import { raise } from '../alarms/lifecycle';
import { historyCursor, lastHistoryId } from './notifications.queries';
import { startReceiver } from './test-receiver';

const V1 = '/api/v1/alarms';
const T = Date.parse('2026-11-25T09:00:00Z');
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

async function world() {
  let now = T;
  const receiver = await startReceiver();
  const w = await createAlarmWorld({ clock: () => new Date(now), notify: { allowPrivateTargets: true } });
  closing.push(receiver.close, () => w.h.close());
  const admin = w.callers.admin;
  const rule = (events: string[], extra: Record<string, unknown> = {}) =>
    admin.notification.createRule({
      dashboardId: w.dashA.id,
      name: 'Wachtdienst',
      priorities: ['HIGH', 'MEDIUM'],
      events,
      channel: { type: 'WEBHOOK', url: receiver.url(), secret: 'een-heel-geheim-secret' },
      ...extra,
    } as never);
  const alarm = (extra: Record<string, unknown> = {}) =>
    admin.alarm.create({ dashboardId: w.dashA.id, line: 'Pomp 2 storing', priority: 'HIGH', ...extra } as never);
  const settle = async () => {
    await w.h.jobs.runNow('notify');
    await w.h.jobs.runNow('notify');
  };
  /** What the receiver got: [event, alarm id] per request. */
  const got = () => receiver.received.map((r) => JSON.parse(r.body) as { event: string; alarm: { id: number } }).map((b) => [b.event, b.alarm.id]);
  return { ...w, receiver, admin, rule, alarm, settle, got, clock: () => new Date(now), advance: (minutes: number) => (now += minutes * 60_000) };
}

test('an alarm raised inside a maintenance window notifies no one, neither created nor resolved', async () => {
  const w = await world();
  await w.rule(['created', 'resolved']);
  await w.admin.maintenanceWindow.create({
    dashboardId: w.dashA.id,
    from: new Date(T - 60_000).toISOString(),
    to: new Date(T + 3_600_000).toISOString(),
  } as never);
  await w.alarm();
  await w.settle();
  expect(w.got()).toEqual([]);
});

test('resolved goes only to rules that announced the alarm; priorities outside the rule notify nothing; an occurrence does not announce again', async () => {
  const w = await world();
  const high = await w.alarm({ key: 'pomp-2' });
  await w.settle();
  await w.rule(['created', 'resolved']);
  const medium = await w.alarm({ key: 'pomp-3', priority: 'MEDIUM' });
  const low = await w.alarm({ key: 'pomp-4', priority: 'LOW' });
  await w.alarm({ key: 'pomp-3', priority: 'MEDIUM' });
  await w.settle();
  for (const key of ['pomp-2', 'pomp-3', 'pomp-4']) await w.admin.alarm.resolveByKey({ dashboardId: w.dashA.id, key });
  await w.settle();
  expect(w.got()).toEqual([
    ['created', medium.id],
    ['resolved', medium.id],
  ]);
  expect([high.id, low.id]).not.toContain(medium.id);
});

test('unacknowledged fires once after N minutes for open, unacknowledged alarms; overdue once when the deadline passes', async () => {
  const w = await world();
  await w.rule(['unacknowledged', 'overdue'], { unacknowledgedMinutes: 10 });
  const quiet = await w.alarm({ deadlineAt: new Date(T + 20 * 60_000).toISOString() });
  const seen = await w.alarm();
  await w.admin.alarm.acknowledge({ alarmId: seen.id });
  w.advance(9);
  await w.settle();
  expect(w.got()).toEqual([]);
  w.advance(2);
  await w.settle();
  expect(w.got()).toEqual([['unacknowledged', quiet.id]]);
  w.advance(10);
  await w.settle();
  w.advance(5);
  await w.settle();
  expect(w.got()).toEqual([
    ['unacknowledged', quiet.id],
    ['overdue', quiet.id],
  ]);
});

test('a rule needs its minutes with unacknowledged, and a webhook secret of 16 characters; the secret is never answered and a PATCH without it keeps it', async () => {
  const w = await world();
  const post = async (json: Record<string, unknown>) => {
    const res = await w.h.request(`${V1}/dashboards/${w.dashA.id}/notification-rules`, {
      method: 'POST',
      token: w.tokens.admin,
      json: {
        name: 'X',
        priorities: ['HIGH'],
        events: ['created'],
        channel: { type: 'WEBHOOK', url: 'https://example.com/h', secret: 'een-heel-geheim-secret' },
        ...json,
      },
    });
    expect(res.status).toBe(400);
    return ((await res.json()) as { error: { fieldErrors: unknown } }).error.fieldErrors;
  };
  expect(await post({ events: ['unacknowledged'] })).toEqual({ unacknowledgedMinutes: ['Geef het aantal minuten op bij "niet bevestigd".'] });
  expect(await post({ channel: { type: 'WEBHOOK', url: 'https://example.com/h', secret: 'kort' } })).toEqual({
    'channel.secret': ['Het geheim moet minstens 16 tekens lang zijn.'],
  });
  const rule = await w.rule(['created']);
  expect(rule.channel).toEqual({ type: 'WEBHOOK', url: w.receiver.url(), secret: null });
  const changed = await w.admin.notification.updateRule({
    ruleId: rule.id,
    name: 'Nacht',
    priorities: ['HIGH'],
    events: ['created'],
    channel: { type: 'WEBHOOK', url: w.receiver.url('/nacht') },
  } as never);
  expect(changed).toMatchObject({ name: 'Nacht', channel: { secret: null } });
  expect(await w.admin.notification.testRule({ ruleId: rule.id })).toMatchObject({ ok: true });
  expect(w.receiver.received[0]!.path).toBe('/nacht');
});

test('with no enabled rule the job moves its cursor past all history in one step; a rule made later pages only for what comes after', async () => {
  const w = await world();
  for (let i = 0; i < 3; i++) await w.alarm({ key: `oud-${i}` });
  await w.settle();
  expect(await historyCursor(w.h.db)).toBe(await lastHistoryId(w.h.db));
  expect(await historyCursor(w.h.db)).toBeGreaterThan(0);
  await w.rule(['created']);
  const fresh = (await w.alarm({ key: 'nieuw' })) as { id: number };
  await w.settle();
  expect(w.got()).toEqual([['created', fresh.id]]);
});

test('a PATCH changes only the fields it names: a disabled rule stays off, the minutes stay; the rule that results is checked as a new one', async () => {
  const w = await world();
  const patch = async (id: number, json: Record<string, unknown>) => {
    const res = await w.h.request(`${V1}/notification-rules/${id}`, { method: 'PATCH', token: w.tokens.admin, json });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error: { fieldErrors: unknown } } };
  };
  const rule = await w.rule(['created', 'unacknowledged'], { unacknowledgedMinutes: 15, enabled: false });
  const renamed = await patch(rule.id, { name: 'Nacht' });
  expect(renamed).toMatchObject({
    status: 200,
    body: { name: 'Nacht', enabled: false, priorities: ['HIGH', 'MEDIUM'], events: ['created', 'unacknowledged'], unacknowledgedMinutes: 15 },
  });
  expect(renamed.body.channel).toEqual({ type: 'WEBHOOK', url: w.receiver.url(), secret: null });
  expect(await patch(rule.id, { enabled: true })).toMatchObject({ status: 200, body: { name: 'Nacht', enabled: true, unacknowledgedMinutes: 15 } });
  // Switched on by the PATCH above, a disabled-then-renamed rule still sends with its stored secret.
  expect(await w.admin.notification.testRule({ ruleId: rule.id })).toMatchObject({ ok: true });
  expect(await patch(rule.id, { unacknowledgedMinutes: null })).toMatchObject({
    status: 400,
    body: { error: { fieldErrors: { unacknowledgedMinutes: ['Geef het aantal minuten op bij "niet bevestigd".'] } } },
  });
  expect(await patch(rule.id, { priorities: [] })).toMatchObject({
    status: 400,
    body: { error: { fieldErrors: { priorities: ['Kies minstens één prioriteit.'] } } },
  });
  expect(await patch(rule.id, { channel: { type: 'EMAIL' } })).toMatchObject({ status: 400 });
  const mail = await w.admin.notification.createRule({
    dashboardId: w.dashA.id,
    name: 'Post',
    priorities: ['HIGH'],
    events: ['created'],
    channel: { type: 'EMAIL', to: 'ASSIGNABLE' },
  } as never);
  // To a webhook: the URL and a secret are needed, there is no stored one.
  expect(await patch(mail.id, { channel: { type: 'WEBHOOK', url: w.receiver.url() } })).toMatchObject({
    status: 400,
    body: { error: { fieldErrors: { 'channel.secret': ['Geef een geheim op voor de webhook.'] } } },
  });
  expect(await patch(mail.id, { channel: { type: 'WEBHOOK', url: w.receiver.url(), secret: 'een-ander-geheim-secret' } })).toMatchObject({
    status: 200,
    body: { name: 'Post', channel: { type: 'WEBHOOK', url: w.receiver.url(), secret: null } },
  });
  const stored = await w.admin.notification.rules({ dashboardId: w.dashA.id } as never);
  expect(stored.map((r) => [r.name, r.enabled, r.unacknowledgedMinutes])).toEqual([
    ['Nacht', true, 15],
    ['Post', true, null],
  ]);
});

test('a webhook rule sent back exactly as GET answered it (secret: null) is accepted and keeps its stored secret', async () => {
  const w = await world();
  const rule = await w.rule(['created']);
  const listed = (await (await w.h.request(`${V1}/dashboards/${w.dashA.id}/notification-rules`, { token: w.tokens.admin })).json()) as Record<
    string,
    unknown
  >[];
  expect(listed[0]).toMatchObject({ id: rule.id, channel: { type: 'WEBHOOK', secret: null } });
  const res = await w.h.request(`${V1}/notification-rules/${rule.id}`, { method: 'PATCH', token: w.tokens.admin, json: { ...listed[0], name: 'Nacht' } });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ id: rule.id, name: 'Nacht', channel: { type: 'WEBHOOK', url: w.receiver.url(), secret: null } });
  const nullSecret = await w.h.request(`${V1}/notification-rules/${rule.id}`, {
    method: 'PATCH',
    token: w.tokens.admin,
    json: { channel: { type: 'WEBHOOK', url: w.receiver.url('/nacht'), secret: null } },
  });
  expect(nullSecret.status).toBe(200);
  // The stored secret still signs: the receiver's request carries the HMAC of the original secret.
  expect(await w.admin.notification.testRule({ ruleId: rule.id })).toMatchObject({ ok: true });
  const [request] = w.receiver.received;
  expect(request!.path).toBe('/nacht');
  expect(request!.headers['x-energiebeheer-signature']).toBe(`sha256=${createHmac('sha256', 'een-heel-geheim-secret').update(request!.body).digest('hex')}`);
});

test('minutes without the unacknowledged event are stored and unused; a PATCH that adds the event then finds them', async () => {
  const w = await world();
  const res = await w.h.request(`${V1}/dashboards/${w.dashA.id}/notification-rules`, {
    method: 'POST',
    token: w.tokens.admin,
    json: { name: 'X', priorities: ['HIGH'], events: ['created'], unacknowledgedMinutes: 15, channel: { type: 'EMAIL', to: ['wacht@example.nl'] } },
  });
  expect(res.status).toBe(201);
  const rule = (await res.json()) as { id: number; unacknowledgedMinutes: number | null };
  expect(rule.unacknowledgedMinutes).toBe(15);
  const patched = await w.h.request(`${V1}/notification-rules/${rule.id}`, {
    method: 'PATCH',
    token: w.tokens.admin,
    json: { events: ['created', 'unacknowledged'] },
  });
  expect(await patched.json()).toMatchObject({ events: ['created', 'unacknowledged'], unacknowledgedMinutes: 15 });
});

/**
 * Transaction A on one connection raises an alarm (its history row takes the next id) and stays
 * open until `commit` or `rollBack`; meanwhile REST calls use other connections of the pool.
 */
async function slowRaise(w: Awaited<ReturnType<typeof world>>) {
  let finish!: (commit: boolean) => void;
  const decided = new Promise<boolean>((r) => (finish = r));
  let inserted!: () => void;
  const raised = new Promise<void>((r) => (inserted = r));
  const done = w.h.db
    .transaction()
    .execute(async (trx) => {
      const at = Math.floor(w.clock().getTime() / 1000);
      const alarm = {
        line: 'Trage batch',
        priority: 'HIGH' as const,
        data: {},
        deadlineAt: null,
        folderId: w.foldersA.inbox,
        key: null,
        windowSeconds: null,
        alarmEmailId: null,
      };
      const r = await raise(trx, at, { type: 'SYSTEM', name: 'Traag' }, w.dashA.id, alarm);
      inserted();
      if (!(await decided)) throw new Error('teruggedraaid');
      return r.alarmId;
    })
    .catch(() => null);
  await raised;
  return { commit: () => (finish(true), done), rollBack: () => (finish(false), done) };
}

async function postAlarm(w: Awaited<ReturnType<typeof world>>, line: string) {
  const res = await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms`, { method: 'POST', token: w.tokens.admin, json: { line, priority: 'HIGH' } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

// SQLite has one writer: transaction A would hold the REST call until it ends, and ids commit in order.
test.skipIf(!testingOnPostgres())('PostgreSQL: an alarm whose history row commits after a later one was read is still announced, once', async () => {
  const w = await world();
  await w.rule(['created']);
  const slow = await slowRaise(w);
  const fast = await postAlarm(w, 'Snel');
  await w.settle();
  expect(w.got()).toEqual([['created', fast]]);
  const slowId = (await slow.commit())!;
  expect(slowId).toBeLessThan(fast);
  await w.settle();
  w.advance(1);
  await w.settle();
  expect(w.got()).toEqual([
    ['created', fast],
    ['created', slowId],
  ]);
  const listed = (await (await w.h.request(`${V1}/dashboards/${w.dashA.id}/notifications`, { token: w.tokens.admin })).json()) as {
    notifications: { alarmId: number; status: string }[];
  };
  expect(listed.notifications.map((n) => [n.alarmId, n.status])).toEqual([
    [slowId, 'SENT'],
    [fast, 'SENT'],
  ]);
  expect(await w.h.db.selectFrom('notificationHistoryGap').selectAll().execute()).toEqual([]);
});

test.skipIf(!testingOnPostgres())('PostgreSQL: the ids of a transaction that rolled back are looked for 15 minutes, then forgotten', async () => {
  const w = await world();
  await w.rule(['created']);
  const slow = await slowRaise(w);
  const fast = await postAlarm(w, 'Snel');
  await w.settle();
  expect(await slow.rollBack()).toBeNull();
  await w.settle();
  expect((await w.h.db.selectFrom('notificationHistoryGap').selectAll().execute()).length).toBeGreaterThan(0);
  w.advance(16);
  const later = await postAlarm(w, 'Later');
  await w.settle();
  expect(await w.h.db.selectFrom('notificationHistoryGap').selectAll().execute()).toEqual([]);
  expect(w.got()).toEqual([
    ['created', fast],
    ['created', later],
  ]);
});

test('overdue fires for a deadline already past when the alarm is raised after the rule, or when a deadline is moved into the past; never twice; not for what was overdue before the rule', async () => {
  const w = await world();
  const post = async (json: Record<string, unknown>) => {
    const res = await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms`, { method: 'POST', token: w.tokens.admin, json: { priority: 'HIGH', ...json } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const deadline = async (id: number, at: number) => {
    const res = await w.h.request(`${V1}/alarms/${id}/deadline`, { method: 'PATCH', token: w.tokens.admin, json: { deadlineAt: new Date(at).toISOString() } });
    expect(res.status).toBe(200);
  };
  const old = await post({ line: 'Al te laat', deadlineAt: new Date(T - 3_600_000).toISOString() });
  const moved = await post({ line: 'Deadline verschoven' });
  w.advance(1);
  await w.rule(['overdue']);
  w.advance(1);
  const late = await post({ line: 'Te laat binnen', deadlineAt: new Date(T - 3_600_000).toISOString() });
  // Into the past, to before the rule was made (09:01).
  await deadline(moved, T);
  await w.settle();
  w.advance(1);
  await w.settle();
  expect(w.got().sort()).toEqual(
    [
      ['overdue', late],
      ['overdue', moved],
    ].sort(),
  );
  await deadline(moved, T - 60_000);
  w.advance(1);
  await w.settle();
  expect(w.got()).toHaveLength(2);
  expect(w.got().map(([, id]) => id)).not.toContain(old);
});
