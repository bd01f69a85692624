/**
 * Start-up: a missing HUB key is said once, in one line, when the product starts; a busy port
 * stops it with one Dutch line before the first admin is made, so no one-time password is lost.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, onTestFinished } from 'vitest';
import { loadConfig } from './config';
import { ConfigError } from './platform/errors';
import { startServer } from './server';
import { testTempDir } from './testing/temp-dir';

async function startupLines(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'energie-start-'));
  const lines: string[] = [];
  const server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ...env }), { log: (line) => lines.push(line) });
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return lines;
}

test('without METERBEHEER_API_KEY the start-up prints one warning line naming it; with it, none', async () => {
  const without = (await startupLines({})).filter((l) => l.includes('METERBEHEER_API_KEY'));
  expect(without).toHaveLength(1);
  expect(without[0]).toMatch(/^Warning: METERBEHEER_API_KEY is not set/);
  expect(without[0]).not.toContain('\n');
  expect((await startupLines({ METERBEHEER_API_KEY: 'key' })).filter((l) => l.includes('METERBEHEER_API_KEY'))).toEqual([]);
});

/** A loopback port that something else holds for the duration of the test. */
async function busyPort(): Promise<{ port: number; holder: Server }> {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  return { port: (holder.address() as { port: number }).port, holder };
}

test('a busy port stops start-up with one Dutch line before the first admin is made; the next start still shows the password', async () => {
  const { port, holder } = await busyPort();
  onTestFinished(() => {
    holder.close();
  });
  const dataDir = testTempDir('energie-start-');
  const lines: string[] = [];
  const env = { DATA_DIR: dataDir, HOST: '127.0.0.1', METERBEHEER_API_KEY: 'key' };
  const failed = startServer(loadConfig({ ...env, PORT: String(port) }), { log: (line) => lines.push(line) });
  await expect(failed).rejects.toThrow(ConfigError);
  await expect(failed).rejects.toThrow(`Poort ${port} op 127.0.0.1 is al in gebruik: stop het programma dat hem gebruikt of kies een andere PORT.`);
  expect(lines).toEqual([]);
  const server = await startServer(loadConfig({ ...env, PORT: '0' }), { log: (line) => lines.push(line) });
  await server.stop();
  expect(lines).toEqual([expect.stringMatching(/^First admin created: admin@example\.com with password \S+ \(shown once/)]);
});

test('the product process on a busy port: exit code 1, one line on stderr, nothing on stdout', async () => {
  const { port, holder } = await busyPort();
  onTestFinished(() => {
    holder.close();
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: testTempDir('energie-start-'), ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  expect({ code, stdout, stderr }).toEqual({
    code: 1,
    stdout: '',
    stderr: `Poort ${port} op 127.0.0.1 is al in gebruik: stop het programma dat hem gebruikt of kies een andere PORT.\n`,
  });
});
