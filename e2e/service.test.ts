/**
 * The product starts and stops like a service: SIGTERM to `npm start` or
 * `npm run demo` (what a process supervisor sends) stops everything they started, and /app/ has
 * a favicon. Runs after `npm run build`, so `ensure-build` finds dist/ fresh.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, expect, test, onTestFinished } from 'vitest';
import { testTempDir } from '../src-server/testing/temp-dir';
import { startProduct } from './support/product';

let group: ChildProcess | undefined;
afterEach(() => {
  // Whatever a failed run left in the group is ours to end.
  if (group?.pid && groupAlive(group.pid)) process.kill(-group.pid, 'SIGKILL');
  group = undefined;
});

const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

/** `npm run <script>` as the leader of its own process group, resolved once `ready` appears in its output. */
async function npmRun(script: string, env: Record<string, string>, ready: RegExp) {
  const child = spawn('npm', ['run', script], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  group = child;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm run ${script} did not get ready:\n${output}`)), 45_000);
    const seen = (d: Buffer) => {
      output += d;
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', (code) => reject(new Error(`npm run ${script} exited with ${code}:\n${output}`)));
  });
  return { child, output: () => output };
}

/** SIGTERM to npm alone, as a supervisor sends it; true when npm and every process it started are gone within 10 s. */
async function stopsOnSigterm(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  for (let waited = 0; waited < 10_000 && groupAlive(child.pid!); waited += 100) await new Promise((r) => setTimeout(r, 100));
  return !groupAlive(child.pid!);
}

test('SIGTERM to `npm start` stops the server: the port closes and no process of it is left', async () => {
  const { child, output } = await npmRun('start', { DATA_DIR: path.join(testTempDir('energie-service-'), 'data') }, /running at http:\/\/\S+\/app\//);
  const url = output().match(/running at (http:\/\/[^/\s]+)/)![1]!;
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
  expect(await stopsOnSigterm(child)).toBe(true);
  await expect(fetch(`${url}/healthz`)).rejects.toThrow();
});

test('SIGTERM to `npm run demo` stops the demo and everything it started', async () => {
  const { child } = await npmRun('demo', { DATA_DIR: path.join(testTempDir('energie-service-'), 'demo') }, /First admin created/);
  expect(await stopsOnSigterm(child)).toBe(true);
});

test('/app/ links a favicon that is served', async () => {
  const product = await startProduct();
  onTestFinished(() => product.stop());
  const html = await (await fetch(`${product.url}/app/`)).text();
  const href = html.match(/<link rel="icon"[^>]* href="([^"]+)"/)?.[1];
  expect(href).toBe('/app/favicon.svg');
  const icon = await fetch(`${product.url}${href}`);
  expect(icon.status).toBe(200);
  expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
});
