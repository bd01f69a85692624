/**
 * compose.yaml's proxy for real (no Docker here): Caddy with the Caddyfile compose.yaml gives it,
 * only its listen address and upstreams pointed at two real instances on one PostgreSQL
 * (TEST_DATABASE_URL, a schema of its own). Through the proxy: sign-in, a live stream that gets
 * alarms stored through either instance (so one of them through the instance that does not serve
 * the stream) within a second, /healthz answered by both instances in turn, and no request lost
 * when one instance is killed (kill -9) under load. Skipped with a
 * notice when Caddy is not installed (`apt-get install -y caddy`; .ci/run installs it).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, onTestFinished } from 'vitest';
import { composeCaddyfile } from './testing/compose';
import { freePort } from './testing/dovecot';
import { PROCESS_ADMIN, type ProductProcess, killHard, startProductProcess } from './testing/product-process';

const url = process.env.TEST_DATABASE_URL;
/** Caddy's path on the PATH, or '' when it is not installed. */
const caddyBinary = spawnSync('sh', ['-c', 'command -v caddy'], { encoding: 'utf8' }).stdout.trim();
const caddyAvailable = caddyBinary !== '';
if (url && !caddyAvailable) console.warn('compose proxy test skipped: Caddy is not installed (apt-get install -y caddy).');

let dir: string;
let a: ProductProcess;
let b: ProductProcess;
let caddy: ChildProcess;
let proxy: string;
let caddyOutput = '';

describe.runIf(url && caddyAvailable)('compose.yaml’s Caddy in front of two instances', () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'energie-proxy-'));
    const target = new URL(url!);
    target.searchParams.set('schema', `proxy_${randomBytes(6).toString('hex')}`);
    const env = { DATABASE_URL: target.toString(), SECRET_KEY: 'een-gedeelde-sleutel-van-minstens-32-tekens', TRUST_PROXY: 'true' };
    const dataDir = (name: string) => mkdtempSync(path.join(dir, `${name}-`));
    [a, b] = await Promise.all([startProductProcess(dataDir('a'), env), startProductProcess(dataDir('b'), env)]);
    // The compose file's Caddyfile; only where it listens and where app1 and app2 are differ here.
    const port = await freePort();
    const caddyfile = composeCaddyfile()
      .replace(/^:80 \{/m, `{\n  admin off\n}\nhttp://127.0.0.1:${port} {`)
      .replace('app1:3000', new URL(a.url).host)
      .replace('app2:3000', new URL(b.url).host);
    expect(caddyfile).toContain(new URL(b.url).host);
    const config = path.join(dir, 'Caddyfile');
    writeFileSync(config, caddyfile);
    caddy = spawn(caddyBinary, ['run', '--config', config, '--adapter', 'caddyfile'], {
      env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout!.on('data', (d) => (caddyOutput += d));
    caddy.stderr!.on('data', (d) => (caddyOutput += d));
    proxy = `http://127.0.0.1:${port}`;
    const started = Date.now();
    for (;;) {
      if (caddy.exitCode !== null) throw new Error(`Caddy exited: ${caddyOutput}`);
      const ok = await fetch(`${proxy}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() - started > 15_000) throw new Error(`Caddy did not answer: ${caddyOutput}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 60_000);

  afterAll(async () => {
    if (caddy && caddy.exitCode === null) {
      const exited = new Promise((resolve) => caddy.once('exit', resolve));
      caddy.kill('SIGTERM');
      // Caddy's graceful stop waits for open connections; after a moment it is ended.
      const slow = setTimeout(() => caddy.kill('SIGKILL'), 2000);
      await exited;
      clearTimeout(slow);
    }
    for (const p of [a, b]) if (p) await killHard(p);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('/healthz through the proxy is answered by both instances in turn, on postgres', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await (await fetch(`${proxy}/healthz`)).json()) as { status: string; engine: string; instance: string });
    expect(answers.every((h) => h.status === 'ok' && h.engine === 'postgres')).toBe(true);
    expect(new Set(answers.map((h) => h.instance)).size).toBe(2);
  });

  test('sign-in through the proxy; its live stream gets alarms stored through either instance within a second', async () => {
    const login = await fetch(`${proxy}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(PROCESS_ADMIN) });
    expect(login.status).toBe(200);
    const { accessToken: token } = (await login.json()) as { accessToken: string };
    const me = await fetch(`${proxy}/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { email: string }).email).toBe(PROCESS_ADMIN.email);

    const org = await a.call('PUT', '/api/organizations', token, { name: 'Proxy' });
    const { id: dashboardId } = await a.call('POST', '/api/v1/alarms/dashboards', token, { name: 'Proxy', organizationId: org.id });
    const stream = new AbortController();
    onTestFinished(() => stream.abort());
    const res = await fetch(`${proxy}/api/v1/alarms/dashboards/${dashboardId}/events`, {
      headers: { authorization: `Bearer ${token}` },
      signal: stream.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const body = res.body!.getReader();
    await new Promise((resolve) => setTimeout(resolve, 300));
    let text = '';
    // One alarm through each instance: the stream is served by one of them, so one alarm comes from the other.
    for (const instance of [a, b]) {
      const started = performance.now();
      const alarm = await instance.call('POST', `/api/v1/alarms/dashboards/${dashboardId}/alarms`, token, { line: 'Ketel 2: storing', priority: 'HIGH' });
      while (!text.includes(`"alarmId":${alarm.id}`)) text += new TextDecoder().decode((await body.read()).value);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  // Last: it leaves one instance.
  test('kill -9 of one instance under load: not one request through the proxy fails', async () => {
    const statuses = new Map<number, number>();
    let running = true;
    const client = async () => {
      while (running) {
        const status = await fetch(`${proxy}/healthz`).then(
          async (r) => (await r.arrayBuffer(), r.status),
          () => 0,
        );
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const clients = Array.from({ length: 8 }, client);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await killHard(b);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    running = false;
    await Promise.all(clients);
    expect([...statuses.values()].reduce((x, y) => x + y)).toBeGreaterThan(100);
    expect(Object.fromEntries(statuses)).toEqual({ 200: statuses.get(200) });
  }, 30_000);
});
