/**
 * Silent sources: a source with `silenceMinutes` that stores no
 * e-mail for that long raises "Geen e-mail via bron …" once per silence (also across a restart);
 * the next e-mail stored from it resolves the alarm.
 */
import path from 'node:path';
import { expect, test, onTestFinished } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { createHarness } from '../../testing/harness';
import { testTempDir } from '../../testing/temp-dir';
import { addMailSource, alarmsIn, rawMail } from '../alarm-parsers/parser-test-kit';
import { SOURCE_SILENCE_JOB } from './mail-sources.jobs';
import { sourceRow } from './mail-sources.queries';
import { type SourceDeps, storeSourceMail } from './mail-sources.service';
import { testDatabase } from '../../testing/test-database';

test('a silent source raises once, also after a restart; the next stored e-mail resolves it', async () => {
  let now = Date.parse('2026-11-25T07:00:00Z');
  const clock = () => new Date(now);
  const databaseFile = await testDatabase(path.join(testTempDir('source-silence-'), 'db.sqlite'));
  const w = await createAlarmWorld({ clock, databaseFile });
  const source = await addMailSource(w, 'GBS Priva');
  expect(source.silenceMinutes).toBeNull();
  expect(await w.callers.admin.mailSource.update({ sourceId: source.id, silenceMinutes: 120 })).toMatchObject({ silenceMinutes: 120 });
  await expect(w.callers.admin.mailSource.update({ sourceId: source.id, silenceMinutes: 0 })).rejects.toThrow(/stiltegrens/);
  const deps: SourceDeps = { ...w.h, reading: { readSource: async () => 0, warm: () => undefined } };
  const store = async () => (await storeSourceMail(deps, (await sourceRow(w.h.db, source.id))!, rawMail('Storing ketel'), null)).id;

  now += 30 * 60_000;
  await store();
  now += 120 * 60_000;
  await w.h.jobs.runNow(SOURCE_SILENCE_JOB);
  expect(await alarmsIn(w, w.foldersA.inbox)).toEqual([]);
  now += 60_000;
  await w.h.jobs.runNow(SOURCE_SILENCE_JOB);
  await w.h.jobs.runNow(SOURCE_SILENCE_JOB);
  expect(await alarmsIn(w, w.foldersA.inbox)).toEqual([
    expect.objectContaining({ line: 'Geen e-mail via bron GBS Priva sinds 25-11 08:30', priority: 'MEDIUM', key: `silence:source:${source.id}` }),
  ]);
  await w.h.close();

  // Restarted: new services on the same file check again, and a stored e-mail ends the silence.
  const h = await createHarness({ clock, databaseFile });
  onTestFinished(() => h.close());
  now += 60 * 60_000;
  await h.jobs.runNow(SOURCE_SILENCE_JOB);
  const emailId = (await storeSourceMail({ ...deps, db: h.db, events: h.events }, (await sourceRow(h.db, source.id))!, rawMail('Storing pomp'), null)).id;
  expect(await h.db.selectFrom('alarm').select(['line', 'occurrences', 'resolutionBy', 'resolutionEmailId']).execute()).toEqual([
    { line: 'Geen e-mail via bron GBS Priva sinds 25-11 08:30', occurrences: 1, resolutionBy: 'RECOVERY', resolutionEmailId: emailId },
  ]);
  expect((await sourceRow(h.db, source.id))!.lastEmailAt).toBe(Math.floor(now / 1000));
});
