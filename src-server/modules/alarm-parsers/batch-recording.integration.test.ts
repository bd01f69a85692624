/**
 * Recording a batch of parses set-based: several e-mails recorded in one
 * transaction store exactly what recording them one by one would have stored. Each test prepares
 * its e-mails (their chains) first and records them with one `recordParses` call, so they share
 * one transaction for certain.
 */
import { expect, test, vi } from 'vitest';
import type { StoredEvent } from '../../platform/events/event-bus';
import { createAlarmWorld, type AlarmWorld } from '../../testing/alarm-world';
import { emailForParsing } from '../alarm-emails/alarm-emails.queries';
import { batchMemo, prepareEmails, recordParses } from './parse-pipeline';
import { addCustomParser, addDefaultParser, alarmsIn, attempts, deliver, email, rawMail } from './parser-test-kit';

const T = Date.parse('2026-11-25T09:00:00Z');

async function world() {
  let now = T;
  const w = await createAlarmWorld({ clock: () => new Date(now) });
  const minutes = (n: number) => (now += n * 60_000);
  return { w, minutes };
}

/** Prepares these stored e-mails (their chains) and records them in one transaction. */
async function recordTogether(w: AlarmWorld, ids: number[]) {
  const deps = { db: w.h.db, clock: w.h.clock, sandbox: w.h.sandbox, events: w.h.events };
  const memo = batchMemo();
  const prepared = [];
  for (const id of ids) prepared.push(...(await prepareEmails(deps, [(await emailForParsing(w.h.db, id))!], memo)));
  return recordParses(deps, prepared);
}

const linkedAlarm = async (w: AlarmWorld, emailId: number) =>
  (await w.h.db.selectFrom('alarmEmail').select('alarmId').where('id', '=', emailId).executeTakeFirstOrThrow()).alarmId;
const history = (w: AlarmWorld, alarmId: number) => w.callers.admin.alarm.history({ alarmId });

const inverter = (w: AlarmWorld) =>
  addDefaultParser(w, {
    name: 'Omvormer',
    config: {
      match: { subject: '^Storing (opgeheven )?omvormer (?<nr>\\S+)$' },
      line: 'Omvormer {{nr}} in storing',
      group: { key: 'omvormer-{{nr}}', windowMinutes: 60 },
      recovery: { field: 'subject', pattern: '^Storing opgeheven' },
    },
  });

test('two e-mails of one key in one batch make one alarm with two occurrences; a third in a later batch joins the open alarm', async () => {
  const { w, minutes } = await world();
  await inverter(w);
  const first = await deliver(w, rawMail('Storing omvormer SE-1'));
  minutes(2);
  const second = await deliver(w, rawMail('Storing omvormer SE-1'));
  const other = await deliver(w, rawMail('Storing omvormer SE-2'));
  expect(await recordTogether(w, [first, second, other])).toMatchObject({ MATCHED: 3, REJECTED: 0, skipped: 0 });

  const alarms = await alarmsIn(w, w.foldersA.inbox);
  expect(alarms.map((a) => [a.line, a.occurrences, a.seen])).toEqual([
    ['Omvormer SE-1 in storing', 2, false],
    ['Omvormer SE-2 in storing', 1, false],
  ]);
  const se1 = alarms[0]!.id;
  expect([await linkedAlarm(w, first), await linkedAlarm(w, second), await linkedAlarm(w, other)]).toEqual([se1, se1, alarms[1]!.id]);
  expect((await history(w, se1)).map((h) => [h.event, h.details])).toEqual([
    ['created', { folder: { id: w.foldersA.inbox, label: expect.any(String) }, priority: expect.any(String), alarmEmailId: first }],
    ['occurred', { occurrences: 2, alarmEmailId: second }],
  ]);
  // The last occurrence counts: received two minutes after the first.
  expect((await w.callers.admin.alarm.get({ alarmId: se1 })).lastOccurredAt).toBe(new Date(T + 2 * 60_000).toISOString());

  minutes(30);
  const third = await deliver(w, rawMail('Storing omvormer SE-1'));
  const fourth = await deliver(w, rawMail('Storing omvormer SE-1'));
  await recordTogether(w, [third, fourth]);
  expect((await alarmsIn(w, w.foldersA.inbox)).map((a) => [a.line, a.occurrences])).toEqual([
    ['Omvormer SE-1 in storing', 4],
    ['Omvormer SE-2 in storing', 1],
  ]);
  expect((await history(w, se1)).map((h) => h.details.occurrences ?? null)).toEqual([null, 2, 3, 4]);
  expect(await linkedAlarm(w, fourth)).toBe(se1);
});

test('a recovery after its alarm in one batch resolves it; the next alarm of the key in the same batch is new and names it (flapping)', async () => {
  const { w, minutes } = await world();
  await inverter(w);
  const problem = await deliver(w, rawMail('Storing omvormer SE-1'));
  minutes(1);
  const recovery = await deliver(w, rawMail('Storing opgeheven omvormer SE-1'));
  minutes(1);
  const again = await deliver(w, rawMail('Storing omvormer SE-1'));
  expect(await recordTogether(w, [problem, recovery, again])).toMatchObject({ MATCHED: 3 });

  const resolved = await alarmsIn(w, w.foldersA.done);
  expect(resolved.map((a) => a.line)).toEqual(['Omvormer SE-1 in storing']);
  expect(await attempts(w, recovery)).toMatchObject([{ type: 'MATCHED', resolved: 1 }]);
  const open = await alarmsIn(w, w.foldersA.inbox);
  expect(open.map((a) => a.occurrences)).toEqual([1]);
  expect(await w.callers.admin.alarm.get({ alarmId: open[0]!.id })).toMatchObject({ previousAlarmId: resolved[0]!.id, alarmEmailId: again });
  expect((await w.callers.admin.alarm.get({ alarmId: resolved[0]!.id })).resolution).toEqual({ by: 'RECOVERY', alarmEmailId: recovery });
});

test('in a maintenance window two alarms of one key in one batch both land resolved, the second naming the first', async () => {
  const { w, minutes } = await world();
  await inverter(w);
  const res = await w.h.request(`/api/v1/alarms/dashboards/${w.dashA.id}/maintenance-windows`, {
    method: 'POST',
    token: w.tokens.installerA,
    json: { from: new Date(T - 60_000).toISOString(), to: new Date(T + 3_600_000).toISOString(), match: 'SE-1', note: 'Onderhoud' },
  });
  expect(res.status).toBe(201);
  const a = await deliver(w, rawMail('Storing omvormer SE-1'));
  minutes(1);
  const b = await deliver(w, rawMail('Storing omvormer SE-1'));
  const c = await deliver(w, rawMail('Storing omvormer SE-2'));
  await recordTogether(w, [a, b, c]);
  const done = await alarmsIn(w, w.foldersA.done);
  expect(done.map((x) => x.line)).toEqual(['Omvormer SE-1 in storing', 'Omvormer SE-1 in storing']);
  const [first, second] = await Promise.all(done.map((x) => w.callers.admin.alarm.get({ alarmId: x.id })));
  expect(first).toMatchObject({ previousAlarmId: null, resolution: { by: 'MAINTENANCE' } });
  expect(second).toMatchObject({ previousAlarmId: first!.id, resolution: { by: 'MAINTENANCE' } });
  expect((await history(w, second!.id)).map((h) => h.event)).toEqual(['created', 'resolved']);
  expect((await alarmsIn(w, w.foldersA.inbox)).map((x) => x.line)).toEqual(['Omvormer SE-2 in storing']);
});

test('one e-mail whose parser fails in a batch is REJECTED with its FAILED attempt; the others are MATCHED; events go out once, after the commit', async () => {
  const { w } = await world();
  await addCustomParser(w, 'Ketel', 'function parse(e) { if (/kapot/.test(e.subject)) throw new TypeError("onleesbaar"); return { line: e.subject }; }');
  const published: StoredEvent[][] = [];
  const unsubscribe = w.h.events.subscribe(w.dashA.id, (events) => published.push(events));
  const ok1 = await deliver(w, rawMail('Ketel 1 storing'));
  const broken = await deliver(w, rawMail('Ketel kapot'));
  const ok2 = await deliver(w, rawMail('Ketel 2 storing'));
  expect(await recordTogether(w, [ok1, broken, ok2])).toMatchObject({ MATCHED: 2, REJECTED: 1, skipped: 0 });
  // On PostgreSQL the bus delivers through LISTEN/NOTIFY, a moment after the publish.
  await vi.waitFor(() => expect(published.length).toBeGreaterThan(0));
  unsubscribe();

  expect(await email(w, broken)).toMatchObject({ parsingStatus: 'REJECTED' });
  expect(await attempts(w, broken)).toMatchObject([{ type: 'FAILED', exceptionType: 'TypeError' }]);
  expect(await linkedAlarm(w, broken)).toBeNull();
  const alarms = await alarmsIn(w, w.foldersA.inbox);
  expect(alarms.map((a) => a.line)).toEqual(['Ketel 1 storing', 'Ketel 2 storing']);
  expect([await linkedAlarm(w, ok1), await linkedAlarm(w, ok2)]).toEqual(alarms.map((a) => a.id));
  // One batch of live events for the dashboard: each new alarm, then one counts event.
  expect(published.length).toBe(1);
  expect(published[0]!.map((e) => (e.event === 'alarm' ? [e.data.type, e.data.alarmId] : [e.event]))).toEqual([
    ['created', alarms[0]!.id],
    ['created', alarms[1]!.id],
    ['counts'],
  ]);

  // Recorded already: a second recording of the same parses skips them and writes nothing.
  expect(await recordTogether(w, [ok1])).toMatchObject({ MATCHED: 0, REJECTED: 0, skipped: 1 });
  expect((await alarmsIn(w, w.foldersA.inbox)).length).toBe(2);
});
