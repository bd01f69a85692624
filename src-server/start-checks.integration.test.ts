/**
 * Start-up mistakes an operator makes when moving to a container or to compose stop the product with
 * one line that says what to do, never a stack trace: a SECRET_KEY that does not open the secrets
 * stored with the earlier one, and a DATA_DIR this user may not own (a bind mount made by root).
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { loadConfig } from './config';
import { ConfigError } from './platform/errors';
import { startServer } from './server';
import { WRONG_SECRET_KEY } from './secret-key-check';
import { testTempDir } from './testing/temp-dir';
import { PROCESS_ADMIN, runToExit } from './testing/product-process';

const KEY = 'de-eerste-sleutel-van-minstens-32-tekens';
const OTHER_KEY = 'een-nieuwe-sleutel-van-minstens-32-tekens';

test('a SECRET_KEY that does not open the stored webhook secret stops start-up with one Dutch line; the right key starts', async () => {
  const dataDir = testTempDir('energie-key-');
  const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_EMAIL: PROCESS_ADMIN.email, ADMIN_PASSWORD: PROCESS_ADMIN.password };
  const quiet = { log: () => undefined };
  const first = await startServer(loadConfig({ ...env, SECRET_KEY: KEY }), quiet);
  try {
    const call = async (route: string, body: unknown, token?: string) =>
      (
        await fetch(`${first.url}${route}`, {
          method: route.startsWith('/api/organizations') ? 'PUT' : 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        })
      ).json();
    const { accessToken: token } = await call('/auth/login', PROCESS_ADMIN);
    const org = await call('/api/organizations', { name: 'Sleutel' }, token);
    const dashboard = await call('/api/v1/alarms/dashboards', { name: 'Sleutel', organizationId: org.id }, token);
    const rule = await call(
      `/api/v1/alarms/dashboards/${dashboard.id}/notification-rules`,
      {
        name: 'Haak',
        priorities: ['HIGH'],
        events: ['created'],
        channel: { type: 'WEBHOOK', url: 'https://hooks.example.nl/x', secret: 'haak-geheim-0123456789' },
      },
      token,
    );
    expect(rule.id).toBeTypeOf('number');
  } finally {
    await first.stop();
  }

  const wrong = startServer(loadConfig({ ...env, SECRET_KEY: OTHER_KEY }), quiet);
  await expect(wrong).rejects.toThrow(ConfigError);
  await expect(wrong).rejects.toThrow(WRONG_SECRET_KEY);
  // The process: exit code 1 and that one line, no stack trace.
  const run = await runToExit(dataDir, { SECRET_KEY: OTHER_KEY });
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 1, stderr: `${WRONG_SECRET_KEY}\n` });

  const again = await startServer(loadConfig({ ...env, SECRET_KEY: KEY }), quiet);
  await again.stop();
});

test('a DATA_DIR this user may not own (root’s bind mount) stops start-up with exit code 1 and one line naming it', async () => {
  const root = process.getuid?.() === 0;
  const parent = testTempDir('energie-mount-');
  // As root: the folder is root's and the product runs as nobody, as in the container. Otherwise: a folder it cannot make.
  const dataDir = path.join(parent, 'data');
  if (root) mkdirSync(dataDir, { mode: 0o755 });
  else chmodSync(parent, 0o555);
  chmodSync(parent, root ? 0o755 : 0o555);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(root ? { uid: 65534, gid: 65534 } : {}),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (!root) chmodSync(parent, 0o755);
  expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
  expect(stderr).toMatch(new RegExp(`^DATA_DIR ${dataDir} is niet van deze gebruiker.*\\n$`));
  expect(stderr.split('\n')).toHaveLength(2);
});
