/**
 * The restore as the container runs it (`node dist/server/restore.js <file> [--to …]`): a backup made
 * over the API goes back into a new DATA_DIR, the product started on it answers as before; against
 * the DATA_DIR of a product that runs it refuses in one line and changes nothing.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, onTestFinished, test } from 'vitest';
import { adminApi, startProduct } from './support/product';

const restore = (...args: string[]) => {
  const run = spawnSync(process.execPath, [path.resolve('dist/server/restore.js'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, BACKUP_PASSPHRASE: '' },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
};

test('the bundled restore refuses a running DATA_DIR in one line, then restores into a new one the product starts on with the same data', async () => {
  const running = await startProduct();
  onTestFinished(() => running.stop());
  const api = await adminApi(running);
  await api('PUT', '/api/organizations', { name: 'Bakkerij Jansen' });
  const backup = await api<{ name: string; verified: boolean }>('POST', '/api/admin/backups');
  expect(backup.verified).toBe(true);
  const file = path.join(running.dataDir, 'backups', backup.name);
  const database = readFileSync(path.join(running.dataDir, 'app.db'));

  const refused = restore(file, '--to', running.dataDir);
  expect(refused.code).toBe(1);
  expect(refused.stderr.trim().split('\n')).toHaveLength(1);
  expect(refused.stderr).toMatch(/draait/);
  expect(refused.stderr).not.toMatch(/\n\s+at /);
  expect(readFileSync(path.join(running.dataDir, 'app.db')).equals(database)).toBe(true);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'energie-restore-e2e-'));
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  const done = restore(file, '--to', dataDir);
  expect(done.code, done.stderr).toBe(0);
  expect(done.stdout).toMatch(/aantallen per tabel gecontroleerd/);

  const restored = await startProduct({ DATA_DIR: dataDir });
  onTestFinished(() => restored.stop());
  const organizations = await (await adminApi(restored))('GET', '/api/organizations/with-locations');
  expect(JSON.stringify(organizations)).toContain('Bakkerij Jansen');
});
