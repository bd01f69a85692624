/** Security headers on every answer; no-store on API and auth answers; immutable hashed assets and branding files. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { createApp } from '../../app';
import { testTempDir } from '../../testing/temp-dir';
import { createWorld } from '../../testing/world';

function expectSecurityHeaders(res: Response) {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
}

function builtClient() {
  const dir = testTempDir('energie-client-');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><script type="module" src="/app/assets/index-Ab12Cd34.js"></script>');
  writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  return dir;
}

describe('security headers', () => {
  test('auth, REST, tRPC and health answers carry them and no-store, errors included', async () => {
    const { h, tokens } = await createWorld();
    const answers = [
      await h.request('/auth/login', { method: 'POST', json: { email: 'admin@example.nl', password: 'correct horse battery' } }),
      await h.request('/auth/login', { method: 'POST', json: { email: 'admin@example.nl', password: 'wrong password' } }),
      await h.request('/auth/login', { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } }),
      await h.request('/auth/me', { token: tokens.admin }),
      await h.request('/api/organizations/list', { token: tokens.admin }),
      await h.request('/api/nothing-here', { token: tokens.admin }),
      await h.request('/api/openapi.json'),
      await h.request('/trpc/auth.me', { token: tokens.admin }),
      await h.request('/healthz'),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 401, 415, 200, 200, 404, 200, 200, 200]);
    for (const res of answers) {
      expectSecurityHeaders(res);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  test('the client: index.html revalidates, hashed assets are immutable, both under the CSP', async () => {
    const { h } = await createWorld();
    const app = createApp({ ...h, clientDir: builtClient() });
    const index = await app.request('/app/dashboard');
    expect(index.status).toBe(200);
    expectSecurityHeaders(index);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const asset = await app.request('/app/assets/index-Ab12Cd34.js');
    expect(asset.status).toBe(200);
    expectSecurityHeaders(asset);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test('branding files keep their immutable cache and stricter CSP', async () => {
    const { h, tokens, orgA } = await createWorld();
    const dashboard = await (await h.caller(tokens.admin)).alarmDashboard.create({ name: 'Storingen', organizationId: orgA });
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')], { type: 'image/png' }), 'logo.png');
    const saved = await h.request(`/api/v1/alarms/dashboards/${dashboard.id}/settings/branding`, { method: 'PATCH', token: tokens.admin, body: form });
    const image = await h.request((await saved.json()).settings.brandingFile);
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('the alarm event stream still streams, with the headers', async () => {
    const { h, tokens, orgA } = await createWorld();
    const dashboard = await (await h.caller(tokens.admin)).alarmDashboard.create({ name: 'Storingen', organizationId: orgA });
    const controller = new AbortController();
    const res = await h.request(`/api/v1/alarms/dashboards/${dashboard.id}/events`, { token: tokens.installerA, signal: controller.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expectSecurityHeaders(res);
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain(': connected');
    controller.abort();
  });
});
