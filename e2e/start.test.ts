import { afterEach, expect, test } from 'vitest';
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
