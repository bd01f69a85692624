/**
 * REST bodies are JSON (uploads multipart) or a 415 before they are read; 413 and 415 close the
 * connection, so the unread body cannot garble the next request on it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { describe, expect, test, onTestFinished } from 'vitest';
import { createHarness, TEST_PASSWORD } from '../../testing/harness';
import { createWorld } from '../../testing/world';

const login = JSON.stringify({ email: 'anna@example.nl', password: TEST_PASSWORD });

describe('body types', () => {
  test.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['JSON-like', 'application/jsonp'],
  ])('a login sent as %s is a 415 that closes the connection, and signs nobody in', async (_name, type) => {
    const h = await createHarness();
    await h.user('admin', 'anna@example.nl');
    const res = await h.request('/auth/login', { method: 'POST', body: login, headers: { 'content-type': type } });
    expect(res.status).toBe(415);
    expect(res.headers.get('connection')).toBe('close');
    expect((await res.json()).error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Stuur de gegevens als JSON (Content-Type: application/json).' });
    expect(await h.db.selectFrom('session').select('id').execute()).toEqual([]);
  });

  test('a body without a content type is a 415; JSON with a charset is accepted', async () => {
    const h = await createHarness();
    await h.user('admin', 'anna@example.nl');
    const bare = new Request('http://localhost/auth/login', { method: 'POST', body: new Blob([login]), headers: { 'content-length': String(login.length) } });
    expect(bare.headers.get('content-type')).toBeNull();
    expect((await h.app.request(bare)).status).toBe(415);
    const ok = await h.request('/auth/login', { method: 'POST', body: login, headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(ok.status).toBe(200);
  });

  test('every REST body is checked, and a call without a body needs no content type', async () => {
    const { h, tokens } = await createWorld();
    const put = await h.request('/api/organizations', {
      method: 'PUT',
      token: tokens.admin,
      body: '{"name":"Tekst"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(put.status).toBe(415);
    expect(await h.db.selectFrom('organization').select('id').execute()).toHaveLength(2);
    const del = await h.request('/api/organization/1', { method: 'DELETE', token: tokens.admin, body: 'x', headers: { 'content-type': 'text/plain' } });
    expect(del.status).toBe(415);
    expect((await h.request('/auth/logout', { method: 'POST', token: tokens.installerB })).status).toBe(204);
    expect((await h.request('/auth/me', { token: tokens.installerB })).status).toBe(401);
  });

  test('tRPC takes JSON only too: a form posted to auth.login is a 415', async () => {
    const h = await createHarness();
    await h.user('admin', 'anna@example.nl');
    const form = new FormData();
    form.append('email', 'anna@example.nl');
    form.append('password', TEST_PASSWORD);
    expect((await h.request('/trpc/auth.login', { method: 'POST', body: form })).status).toBe(415);
    expect((await h.request('/trpc/auth.login', { method: 'POST', body: login, headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    expect((await h.request('/trpc/auth.login', { method: 'POST', json: { email: 'anna@example.nl', password: TEST_PASSWORD } })).status).toBe(200);
  });

  test('the branding upload still takes multipart and refuses JSON with 415', async () => {
    const { h, tokens, orgA } = await createWorld();
    const dashboard = await (await h.caller(tokens.admin)).alarmDashboard.create({ name: 'Storingen', organizationId: orgA });
    const path = `/api/v1/alarms/dashboards/${dashboard.id}/settings/branding`;
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')], { type: 'image/png' }), 'logo.png');
    expect((await h.request(path, { method: 'PATCH', token: tokens.admin, body: form })).status).toBe(200);
    const json = await h.request(path, { method: 'PATCH', token: tokens.admin, json: { file: 'x' } });
    expect(json.status).toBe(415);
    expect(json.headers.get('connection')).toBe('close');
  });

  test('a 413 closes the connection too', async () => {
    const h = await createHarness();
    const res = await h.request('/auth/login', { method: 'POST', json: { email: 'anna@example.nl', password: 'x'.repeat(1_100_000) } });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
  });

  test('over a real socket: the 415 closes it and the next request on the same agent succeeds', async () => {
    const h = await createHarness();
    const server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
      new Promise<{ status: number; connection?: string; closed: Promise<void> }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
          const closed = new Promise<void>((done) => res.socket.once('close', () => done()));
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, closed }));
        });
        req.on('error', reject);
        req.end(body);
      });
    onTestFinished(async () => {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    });
    const refused = await send('POST', '/auth/login', { 'content-type': 'text/plain' }, login.padEnd(200_000));
    expect(refused).toMatchObject({ status: 415, connection: 'close' });
    await refused.closed;
    expect((await send('GET', '/healthz')).status).toBe(200);
  });
});
