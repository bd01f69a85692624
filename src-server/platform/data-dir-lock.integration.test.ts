/** One process per SQLite DATA_DIR: a second one refuses with one line; a killed one blocks nothing. */
import { expect, test, onTestFinished } from 'vitest';
import { killHard, runToExit, startProductProcess } from '../testing/product-process';
import { testTempDir } from '../testing/temp-dir';

test('a second process on the same DATA_DIR stops with one line; after kill -9 of the first the next one starts', async () => {
  const dataDir = testTempDir('energie-lock-');
  const first = await startProductProcess(dataDir);
  onTestFinished(() => killHard(first));
  expect(await runToExit(dataDir)).toEqual({
    code: 1,
    stdout: '',
    stderr: `Er draait al een proces op DATA_DIR ${dataDir}: een SQLite-database kan maar door één proces tegelijk gebruikt worden; stop het andere proces of gebruik PostgreSQL (DATABASE_URL) voor meerdere instanties.\n`,
  });
  // The first one never noticed.
  expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  // kill -9 (a no-op again when the test ends).
  await killHard(first);
  const next = await startProductProcess(dataDir);
  onTestFinished(() => killHard(next));
  expect(await (await fetch(`${next.url}/healthz`)).json()).toMatchObject({ status: 'ok', engine: 'sqlite' });
}, 60_000);
