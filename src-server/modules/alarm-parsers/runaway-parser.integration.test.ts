/**
 * A parser that keeps hitting its time limit is switched off with a Dutch reason:
 * it would hold a pool worker for its full time limit on every e-mail of its dashboard.
 */
import { expect, test } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { RUNAWAY_REASON, RUNAWAY_RUNS } from './alarm-parsers.queries';
import { addCustomParser, deliver, drain, rawMail } from './parser-test-kit';

test('5 time-outs in a row switch a parser off with a visible reason; one run in time resets the count; switching it on clears the reason', async () => {
  const w = await createAlarmWorld();
  const loop = await addCustomParser(w, 'Lus', 'function parse(email) { if (email.subject === "snel") return null; while (true) {} }');
  const get = () => w.callers.admin.alarmParser.get({ parserId: loop.id });
  for (let i = 0; i < RUNAWAY_RUNS - 1; i++) await deliver(w, rawMail(`Storing ${i}`));
  await deliver(w, rawMail('snel'));
  await deliver(w, rawMail('Storing 4'));
  await drain(w);
  expect(await get()).toMatchObject({ enabled: true, disabledReason: null });
  for (let i = 0; i < RUNAWAY_RUNS - 1; i++) await deliver(w, rawMail(`Storing ${5 + i}`));
  await drain(w);
  expect(await get()).toMatchObject({ enabled: false, disabledReason: RUNAWAY_REASON });
  expect(RUNAWAY_REASON).toBe('Uitgeschakeld: liep 5 keer achter elkaar tegen de tijdslimiet aan.');
  await w.callers.admin.alarmParser.update({ parserId: loop.id, enabled: true });
  expect(await get()).toMatchObject({ enabled: true, disabledReason: null });
  await w.h.close();
}, 60_000);
