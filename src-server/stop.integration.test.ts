/**
 * Stopping the product process the way `docker stop` and `compose up -d` do (SIGTERM), in the two
 * moments operators meet: with consoles open (live streams over REST and tRPC, an idle keep-alive
 * connection) and while it is still starting (a database that does not answer yet). Either way it
 * exits with 0 within seconds, before a container runtime's 10 s run out and it sends SIGKILL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test, onTestFinished } from 'vitest';
import { PROCESS_ADMIN, type ProductProcess, startProductProcess, watchProductProcess } from './testing/product-process';

const dirs: string[] = [];
const dataDir = () => {
  dirs.push(mkdtempSync(path.join(tmpdir(), 'energie-stop-')));
  return dirs.at(-1)!;
};
const processes: ProductProcess[] = [];
afterEach(() => {
  for (const p of processes.splice(0)) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The exit code after SIGTERM, or 'still running' when it has not exited within `ms`. */
function exitAfterTerm(child: ProductProcess['child'], ms: number) {
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  child.kill('SIGTERM');
  return Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve('still running'), ms))]);
}

/** Reads a streamed answer until `text` has arrived. */
async function readUntil(res: Response, text: string) {
  const reader = res.body!.getReader();
  let seen = '';
  while (!seen.includes(text)) seen += new TextDecoder().decode((await reader.read()).value);
}

test('SIGTERM with five consoles open (REST streams, tRPC subscriptions, an idle keep-alive) exits with 0 within 5 s', async () => {
  const product = await startProductProcess(dataDir());
  processes.push(product);
  const { accessToken: token } = await product.call('POST', '/auth/login', undefined, PROCESS_ADMIN);
  const org = await product.call('PUT', '/api/organizations', token, { name: 'Stoppen' });
  const { id: dashboardId } = await product.call('POST', '/api/v1/alarms/dashboards', token, { name: 'Stoppen', organizationId: org.id });
  const headers = { authorization: `Bearer ${token}` };
  const rest = `${product.url}/api/v1/alarms/dashboards/${dashboardId}/events`;
  const trpc = `${product.url}/trpc/alarm.live?input=${encodeURIComponent(JSON.stringify({ dashboardId }))}`;
  const opened = await Promise.all([rest, rest, rest, trpc, trpc].map((url) => fetch(url, { headers })));
  await Promise.all(opened.map((res, i) => readUntil(res, i < 3 ? ': connected' : 'event: connected')));
  // A finished request leaves its keep-alive connection idle in the server.
  expect((await fetch(`${product.url}/healthz`)).status).toBe(200);

  expect(await exitAfterTerm(product.child, 5000)).toBe(0);
});

test('SIGTERM while start-up waits for a PostgreSQL that does not answer exits with 0 within 5 s', async () => {
  // Accepts connections and never answers: start-up waits in its first database call.
  const sockets: Socket[] = [];
  let connected!: () => void;
  const reached = new Promise<void>((resolve) => (connected = resolve));
  const silent = createServer((socket) => {
    sockets.push(socket);
    connected();
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as { port: number };
  onTestFinished(() => {
    for (const s of sockets) s.destroy();
    silent.close();
  });
  const stopped = watchProductProcess(dataDir(), {
    DATABASE_URL: `postgres://stil:stil@127.0.0.1:${port}/stil`,
    SECRET_KEY: 'een-sleutel-van-minstens-32-tekens-lang',
  });
  await reached;
  processes.push({ child: stopped.child } as ProductProcess);
  const code = await exitAfterTerm(stopped.child, 5000);
  expect(code).toBe(0);
  expect((await stopped.done).stdout).toContain('Gestopt tijdens het starten.');
});
