/**
 * Received means received: an alarm from an e-mail is received when the mailbox
 * received the e-mail (IMAP INTERNALDATE, Graph receivedDateTime), not when a backlog was parsed;
 * a deadline in minutes counts from there, and the parse time stays the e-mail's parsedAt.
 */
import { afterEach, expect, test } from 'vitest';
import { type AlarmWorld, createAlarmWorld } from '../../testing/alarm-world';
import { addDefaultParser, alarmsIn, deliver, drain, email, rawMail } from './parser-test-kit';

let w: AlarmWorld | undefined;
afterEach(() => w?.h.close());

const epoch = (iso: string) => Date.parse(iso) / 1000;

test('after a backlog the alarm shows the arrival, its deadline counts from it, the parse time stays on the e-mail', async () => {
  w = await createAlarmWorld({ clock: () => new Date('2026-11-25T12:00:00Z') });
  await addDefaultParser(w, { name: 'Alles', config: { line: '{{subject}}', deadlineMinutes: 30 } });
  const id = await deliver(w, rawMail('Storing ketel 2'), { arrivedAt: epoch('2026-11-25T03:15:00Z') });
  await drain(w);
  const [alarm] = await alarmsIn(w, w.foldersA.inbox);
  expect(alarm).toMatchObject({ line: 'Storing ketel 2', receivedAt: '2026-11-25T03:15:00.000Z', deadlineAt: '2026-11-25T03:45:00.000Z' });
  expect(await email(w, id)).toMatchObject({ parsedAt: '2026-11-25T12:00:00.000Z' });
  expect((await w.callers.admin.alarm.history({ alarmId: alarm!.id }))[0]).toMatchObject({ event: 'created', at: '2026-11-25T03:15:00.000Z' });
});

test('an arrival in the future (a mail server clock ahead) counts as now; without one, the store time', async () => {
  w = await createAlarmWorld({ clock: () => new Date('2026-11-25T12:00:00Z') });
  await addDefaultParser(w, { name: 'Alles', config: { line: '{{subject}}' } });
  await deliver(w, rawMail('Vooruit'), { arrivedAt: epoch('2026-11-25T13:00:00Z') });
  await deliver(w, rawMail('Zonder'));
  await drain(w);
  expect((await alarmsIn(w, w.foldersA.inbox)).map((a) => a.receivedAt)).toEqual(['2026-11-25T12:00:00.000Z', '2026-11-25T12:00:00.000Z']);
});
