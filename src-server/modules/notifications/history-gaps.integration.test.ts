import { afterEach, expect, test } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { testingOnPostgres } from '../../testing/test-database';
import { raise } from '../alarms/lifecycle';
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
  const res = await w.h.request(`${V1}/dashboards/${w.dashA.id}/notification-rules`, {
    method: 'POST',
    token: w.tokens.admin,
    json: {
      name: 'Alles',
      priorities: ['HIGH', 'MEDIUM', 'LOW'],
      events: ['created'],
      channel: { type: 'WEBHOOK', url: receiver.url(), secret: 'een-heel-geheim-secret' },
    },
  });
  expect(res.status).toBe(201);
  const settle = async () => {
    await w.h.jobs.runNow('notify');
    await w.h.jobs.runNow('notify');
  };
  /**
   * Transaction A on one connection raises an alarm (its history row takes the next id) and stays
   * open until `commit` or `rollBack` is called; meanwhile the REST calls use other connections.
   */
  const slowRaise = async () => {
    let finish!: (commit: boolean) => void;
    const decided = new Promise<boolean>((r) => (finish = r));
    let inserted!: () => void;
    const raised = new Promise<void>((r) => (inserted = r));
    const done = w.h.db
      .transaction()
      .execute(async (trx) => {
        const r = await raise(trx, Math.floor(now / 1000), { type: 'SYSTEM', name: 'Traag' }, w.dashA.id, {
          line: 'Trage batch',
          priority: 'HIGH',
          data: {},
          deadlineAt: null,
          folderId: w.foldersA.inbox,
          key: null,
          windowSeconds: null,
          alarmEmailId: null,
        });
        inserted();
        if (!(await decided)) throw new Error('teruggedraaid');
        return r.alarmId;
      })
      .catch(() => null);
    await raised;
    return { commit: () => (finish(true), done), rollBack: () => (finish(false), done) };
  };
  const fastRaise = async (line: string) => {
    const res = await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms`, { method: 'POST', token: w.tokens.admin, json: { line, priority: 'HIGH' } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const announced = () => receiver.received.map((r) => (JSON.parse(r.body) as { alarm: { id: number } }).alarm.id).sort((a, b) => a - b);
  return { ...w, receiver, settle, slowRaise, fastRaise, announced, advance: (seconds: number) => (now += seconds * 1000) };
}

// SQLite has one writer: transaction A would hold the REST call until it ends, and ids commit in order.
test.skipIf(!testingOnPostgres())('PostgreSQL: an alarm whose history row commits after a later one was read is still announced, once', async () => {
  const w = await world();
  const slow = await w.slowRaise();
  const fast = await w.fastRaise('Snel');
  await w.settle();
  expect(w.announced()).toEqual([fast]);
  const slowId = (await slow.commit())!;
  expect(slowId).toBeLessThan(fast);
  await w.settle();
  w.advance(60);
  await w.settle();
  expect(w.announced()).toEqual([slowId, fast]);
  const listed = (await (await w.h.request(`${V1}/dashboards/${w.dashA.id}/notifications`, { token: w.tokens.admin })).json()) as {
    notifications: { alarmId: number; event: string; status: string }[];
  };
  expect(listed.notifications.map((n) => [n.alarmId, n.event, n.status]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
    [slowId, 'created', 'SENT'],
    [fast, 'created', 'SENT'],
  ]);
  expect(await w.h.db.selectFrom('notificationHistoryGap').selectAll().execute()).toEqual([]);
});

test.skipIf(!testingOnPostgres())('PostgreSQL: the ids of a transaction that rolled back are looked for 15 minutes, then forgotten', async () => {
  const w = await world();
  const slow = await w.slowRaise();
  const fast = await w.fastRaise('Snel');
  await w.settle();
  expect(await slow.rollBack()).toBeNull();
  await w.settle();
  expect((await w.h.db.selectFrom('notificationHistoryGap').selectAll().execute()).length).toBeGreaterThan(0);
  w.advance(16 * 60);
  await w.fastRaise('Later');
  await w.settle();
  expect(await w.h.db.selectFrom('notificationHistoryGap').selectAll().execute()).toEqual([]);
  expect(w.announced()).toHaveLength(2);
  expect(w.announced()[0]).toBe(fast);
});
