import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, onTestFinished, test } from 'vitest';
import { type Product, startProduct } from './support/product';

let product: Product | undefined;
afterEach(async () => {
  await product?.stop();
  product = undefined;
});

test('a first start without ADMIN_* prints a generated admin password that signs in over REST', async () => {
  product = await startProduct({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
  const match = product.output().match(/First admin created: (\S+) with password (\S+)/);
  expect(match).not.toBeNull();
  const res = await fetch(`${product.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: match![1], password: match![2] }),
  });
  expect(res.status).toBe(200);
  const { accessToken } = await res.json();
  const me = await fetch(`${product.url}/auth/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  expect(await me.json()).toMatchObject({ type: 'admin', email: match![1] });
});

test('the server answers /healthz, redirects / to /app/, serves client routes and 404s unknown API paths as JSON', async () => {
  product = await startProduct();
  expect(await (await fetch(`${product.url}/healthz`)).json()).toMatchObject({ status: 'ok', engine: 'sqlite' });
  const root = await fetch(`${product.url}/`, { redirect: 'manual' });
  expect(root.status).toBe(302);
  expect(root.headers.get('location')).toBe('/app/');
  const page = await fetch(`${product.url}/app/admin/deep/link`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root">');
  const api = await fetch(`${product.url}/api/bestaat-niet`);
  expect(api.status).toBe(404);
  expect((await api.json()).error.code).toBe('NOT_FOUND');
});

test('invalid configuration stops start-up with one clear line', async () => {
  await expect(startProduct({ PORT: 'abc' })).rejects.toThrow(/Invalid configuration: PORT/);
});

test('the built main.js imports nothing before its stop handlers are in place: the rest of the product is a chunk it loads after them', () => {
  const main = readFileSync('dist/server/main.js', 'utf8');
  const handler = main.indexOf('process.on("SIGTERM"');
  expect(handler).toBeGreaterThan(-1);
  // A static import is hoisted: its package would load (for seconds on a slow disk) before any handler.
  expect(main.match(/^import\s/gm)).toBeNull();
  expect(main.slice(handler)).toMatch(/await import\("\.\/chunk-[\w-]+\.js"\)/);
});

test('SIGTERM the moment the built product has its handler, while its packages still load, exits with 0 and says so', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'energie-e2e-'));
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  // Preloaded: tells the test when main.js adds its SIGTERM listener (node itself catches the signal
  // from its start to restore the terminal, so the process's signal mask cannot tell).
  const marker = path.join(dataDir, 'marker.mjs');
  writeFileSync(
    marker,
    "const on = process.on.bind(process); process.on = (e, f) => { const r = on(e, f); if (e === 'SIGTERM') process.stderr.write('handler in place\\n'); return r; };",
  );
  const child = spawn(process.execPath, ['--import', marker, path.resolve('dist/server/main.js')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onTestFinished(() => void child.kill('SIGKILL'));
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', () => output.includes('handler in place') && resolve());
    child.once('exit', () => reject(new Error(`The product exited before it had a SIGTERM handler:\n${output}`)));
  });
  child.kill('SIGTERM');
  expect(await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 5000))])).toBe(0);
  expect(output).toContain('Gestopt tijdens het starten.');
  expect(output).not.toContain('running at');
});
