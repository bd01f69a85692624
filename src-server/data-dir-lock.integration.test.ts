/** One process per SQLite DATA_DIR: a second one refuses with one line; a killed one blocks nothing. */
import { spawn } from 'node:child_process';
import { expect, test } from 'vitest';
import { killHard, startProductProcess } from './testing/product-process';
import { testTempDir } from './testing/temp-dir';

function runToExit(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

test('a second process on the same DATA_DIR stops with one line; after kill -9 of the first the next one starts', async () => {
  const dataDir = testTempDir('energie-lock-');
  const first = await startProductProcess(dataDir);
  try {
    expect(await runToExit(dataDir)).toEqual({
      code: 1,
      stdout: '',
      stderr: `Er draait al een proces op DATA_DIR ${dataDir}: een SQLite-database kan maar door één proces tegelijk gebruikt worden; stop het andere proces of gebruik PostgreSQL (DATABASE_URL) voor meerdere instanties.\n`,
    });
    // The first one never noticed.
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  } finally {
    await killHard(first);
  }
  const next = await startProductProcess(dataDir);
  try {
    expect(await (await fetch(`${next.url}/healthz`)).json()).toMatchObject({ status: 'ok', engine: 'sqlite' });
  } finally {
    await killHard(next);
  }
}, 60_000);
