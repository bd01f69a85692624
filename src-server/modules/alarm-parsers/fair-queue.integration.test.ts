/**
 * The parse queue is fair per dashboard: one dashboard's backlog must not make
 * another dashboard's new mail wait behind it, so a batch takes the dashboards' oldest in turn.
 */
import { expect, test } from 'vitest';
import { pendingEmailIds } from '../alarm-emails/alarm-emails.queries';
import { createAlarmWorld } from '../../testing/alarm-world';
import { addCustomParser, addDefaultParser, deliver, drain, rawMail } from './parser-test-kit';

test('a backlog of 200 e-mails of dashboard A does not keep the 1 e-mail of B stored after them out of the first batch, nor makes it a long one', async () => {
  const w = await createAlarmWorld();
  const backlog: number[] = [];
  for (let i = 0; i < 200; i++) backlog.push(await deliver(w, rawMail(`Storing ${i}`)));
  const fromB = await deliver(w, rawMail('Storing B'), { dashboardId: w.dashB.id });
  // Round robin: each dashboard's oldest first, dashboards interleaved; within A still oldest first.
  const batch = await pendingEmailIds(w.h.db, 100);
  expect(batch).toHaveLength(100);
  expect(batch.slice(0, 2)).toEqual([backlog[0], fromB]);
  expect(batch.slice(2)).toEqual(backlog.slice(1, 99));
  // At most 25 of a dashboard per batch: B's mail waits for a short batch of A's backlog, not for 100.
  expect(await pendingEmailIds(w.h.db, 100, 25)).toEqual([backlog[0], fromB, ...backlog.slice(1, 25)]);
  await w.h.close();
});

test("a quiet dashboard's e-mail is parsed and recorded while a hostile dashboard's runaway chains still run, not after them", async () => {
  const w = await createAlarmWorld();
  await addCustomParser(w, 'Lus', 'function parse(email) { while (true) {} }');
  await addDefaultParser(w, { name: 'Alles', config: { line: '{{subject}}' } }, w.dashB.id);
  // Both workers started, so neither chain below waits for a worker to boot.
  const warm = { id: 0, type: 'DEFAULT' as const, config: { match: {}, line: '{{subject}}' } };
  const email = { subject: 'x', from: 'a@example.nl', to: [], date: null, text: '', html: null, headers: {} };
  await Promise.all([w.h.sandbox.runChain([warm], email), w.h.sandbox.runChain([warm], email)]);
  const hostile = [];
  for (let i = 0; i < 3; i++) hostile.push(await deliver(w, rawMail(`Vijandig ${i}`)));
  const quiet = await deliver(w, rawMail('Stil'), { dashboardId: w.dashB.id });
  await drain(w);
  // Each hostile chain takes the full time limit; the quiet e-mail's chain is recorded first,
  // so it waited neither for a worker nor for a batch with the hostile e-mails in it.
  const order = await w.h.db.selectFrom('parsingAttempt').select('emailId').orderBy('id').execute();
  expect(order.map((a) => a.emailId)).toEqual([quiet, ...hostile]);
  expect(await w.callers.admin.alarmEmail.get({ emailId: quiet })).toMatchObject({ parsingStatus: 'MATCHED' });
  await w.h.close();
}, 60_000);
