/**
 * Heartbeats: matching e-mails are signs of life per key; a key
 * silent longer than `everyMinutes` raises one SYSTEM alarm, also across a restart on the same
 * database file, and the next sign of life resolves it.
 */
import path from 'node:path';
import { describe, expect, test, onTestFinished } from 'vitest';
import { createAlarmWorld, type AlarmWorld } from '../../testing/alarm-world';
import { testTempDir } from '../../testing/temp-dir';
import { createHarness } from '../../testing/harness';
import { HEARTBEAT_CHECK_JOB } from './alarm-parsers.jobs';
import { addDefaultParser, alarmsIn, attempts, deliver, drain, rawMail } from './parser-test-kit';
import { testDatabase } from '../../testing/test-database';

/** A clock the test moves; 08:00 in Amsterdam (winter time). */
function testClock() {
  let now = Date.parse('2026-11-25T07:00:00Z');
  return { clock: () => new Date(now), advance: (minutes: number) => void (now += minutes * 60_000) };
}

const HEARTBEAT = {
  match: { subject: '^Dagrapport (?<site>.+)$' },
  line: 'Dagrapport {{site}}',
  group: { key: '{{site}}', windowMinutes: 60 },
  heartbeat: { everyMinutes: 60 },
};
const check = (w: AlarmWorld) => w.h.jobs.runNow(HEARTBEAT_CHECK_JOB);

describe('heartbeats', () => {
  test('a sign of life is MATCHED with its key and makes no alarm; a silence raises once; the next sign resolves it', async () => {
    const t = testClock();
    const w = await createAlarmWorld({ clock: t.clock });
    const parser = await addDefaultParser(w, { name: 'Dagrapporten', config: HEARTBEAT });
    const first = await deliver(w, rawMail('Dagrapport Hoeve'));
    await deliver(w, rawMail('Dagrapport Molen'));
    await drain(w);
    expect(await attempts(w, first)).toEqual([expect.objectContaining({ type: 'MATCHED', heartbeat: 'Hoeve' })]);
    // Over REST the attempt names it: `heartbeat: <key>`.
    const rest = await w.h.request(`/api/v1/alarms/emails/${first}/parsing-attempts`, { token: w.tokens.installerA });
    expect(await rest.json()).toEqual([
      { id: expect.any(Number), timestamp: expect.any(String), parser: { id: parser.id, name: 'Dagrapporten' }, type: 'MATCHED', heartbeat: 'Hoeve' },
    ]);
    expect(await alarmsIn(w, w.foldersA.inbox)).toEqual([]);

    t.advance(45);
    await deliver(w, rawMail('Dagrapport Molen'));
    await drain(w);
    t.advance(30);
    await check(w);
    await check(w);
    const [alarm] = await alarmsIn(w, w.foldersA.inbox);
    expect(await alarmsIn(w, w.foldersA.inbox)).toHaveLength(1);
    expect(alarm).toMatchObject({ line: 'Geen bericht van Hoeve sinds 25-11 08:00', priority: 'MEDIUM', key: `heartbeat:${parser.id}:Hoeve` });
    expect((await w.callers.admin.alarm.history({ alarmId: alarm!.id }))[0]).toMatchObject({ event: 'created', actor: { type: 'SYSTEM' } });

    t.advance(5);
    const sign = await deliver(w, rawMail('Dagrapport Hoeve'));
    await drain(w);
    expect(await alarmsIn(w, w.foldersA.inbox)).toEqual([]);
    expect(await w.callers.admin.alarm.get({ alarmId: alarm!.id })).toMatchObject({ resolution: { by: 'RECOVERY', alarmEmailId: sign } });

    // A new silence after that sign of life raises again, once.
    t.advance(50);
    await check(w);
    await check(w);
    expect(await alarmsIn(w, w.foldersA.inbox)).toEqual([expect.objectContaining({ line: 'Geen bericht van Molen sinds 25-11 08:45' })]);
    t.advance(15);
    await check(w);
    expect((await alarmsIn(w, w.foldersA.inbox)).map((a) => a.line)).toEqual([
      'Geen bericht van Molen sinds 25-11 08:45',
      'Geen bericht van Hoeve sinds 25-11 09:20',
    ]);
  });

  test('a parser without group keeps one heartbeat and the alarm names the parser', async () => {
    const t = testClock();
    const w = await createAlarmWorld({ clock: t.clock });
    await addDefaultParser(w, { name: 'Back-up NAS', config: { match: { subject: 'backup ok' }, line: 'x', heartbeat: { everyMinutes: 1440 } } });
    const id = await deliver(w, rawMail('Backup OK'));
    await drain(w);
    expect(await attempts(w, id)).toEqual([expect.objectContaining({ type: 'MATCHED', heartbeat: '' })]);
    t.advance(1440);
    await check(w);
    expect(await alarmsIn(w, w.foldersA.inbox)).toEqual([]);
    t.advance(1);
    await check(w);
    expect(await alarmsIn(w, w.foldersA.inbox)).toEqual([expect.objectContaining({ line: 'Geen bericht van Back-up NAS sinds 25-11 08:00' })]);
  });

  test('a restart (new services on the same database file) does not raise a silence twice', async () => {
    const t = testClock();
    const databaseFile = await testDatabase(path.join(testTempDir('heartbeat-'), 'db.sqlite'));
    const w = await createAlarmWorld({ clock: t.clock, databaseFile });
    await addDefaultParser(w, { name: 'Dagrapporten', config: HEARTBEAT });
    await deliver(w, rawMail('Dagrapport Hoeve'));
    await drain(w);
    t.advance(90);
    await check(w);
    expect(await alarmsIn(w, w.foldersA.inbox)).toHaveLength(1);
    await w.h.close();

    const again = await createHarness({ clock: t.clock, databaseFile });
    onTestFinished(() => again.close());
    t.advance(10);
    await again.jobs.runNow(HEARTBEAT_CHECK_JOB);
    const alarms = await again.db.selectFrom('alarm').select(['line', 'occurrences']).execute();
    expect(alarms).toEqual([{ line: 'Geen bericht van Hoeve sinds 25-11 08:00', occurrences: 1 }]);
  });
});
