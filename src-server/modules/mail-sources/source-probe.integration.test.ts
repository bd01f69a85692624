/**
 * Mail sources are no network probe: internal hosts refused before any
 * connection, one message for every "no IMAP server there", and tests and fetches rate-limited.
 */
import { afterAll, beforeAll, describe, expect, test, onTestFinished } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { type TestServer, startHttpServer, startTcpServer } from '../../testing/tcp-servers';
import { INTERNAL_HOST_MESSAGE } from './imap/imap-address';
import { NO_IMAP_SERVER } from './imap/imap-fetch';
import { MAIL_FETCH_JOB } from './mail-sources.jobs';
import { createSource } from './mail-sources.service';
import { tooManySourceCallsMessage } from './source-call-limit';

const V1 = '/api/v1/alarms';
const imap = (name: string, imapHost: string, imapPort: number) => ({
  type: 'IMAP' as const,
  name,
  folderId: null,
  pollIntervalSeconds: 60,
  imapHost,
  imapPort,
  imapSecure: false,
  imapUsername: 'alarm@example.nl',
  imapPassword: 'geheim',
  imapInputFolder: 'INBOX',
});

let v4: TestServer;
let v6: TestServer;
beforeAll(async () => {
  // An IMAP greeting, so a connection that got through would not even fail.
  v4 = await startTcpServer('* OK IMAP ready\r\n');
  v6 = await startTcpServer('* OK IMAP ready\r\n', '::1');
});
afterAll(() => Promise.all([v4?.close(), v6?.close()]));

describe('with MAIL_ALLOW_PRIVATE_HOSTS off', () => {
  test('an internal IP literal is a field error when saved; a name is accepted then', async () => {
    const w = await createAlarmWorld({ allowPrivateMailHosts: false });
    const post = (json: unknown) => w.h.request(`${V1}/dashboards/${w.dashA.id}/email-alarm-sources`, { method: 'POST', token: w.tokens.installerA, json });
    for (const host of ['127.0.0.1', '10.0.0.1', '[::1]', '[::ffff:192.168.1.1]']) {
      const refused = await post(imap('Intern', host, 993));
      expect(refused.status).toBe(400);
      expect((await refused.json()).error.fieldErrors).toEqual({ imapHost: [INTERNAL_HOST_MESSAGE] });
    }
    expect((await post(imap('Naam', 'localhost', 993))).status).toBe(201);
    const [named] = await w.callers.installerA.mailSource.list({ dashboardId: w.dashA.id });
    const moved = await w.h.request(`${V1}/sources/${named!.id}`, { method: 'PATCH', token: w.tokens.installerA, json: { imapHost: '169.254.169.254' } });
    expect((await moved.json()).error.fieldErrors).toEqual({ imapHost: [INTERNAL_HOST_MESSAGE] });
  });

  test('sources on 127.0.0.1, 10.0.0.1, localhost and ::1 (saved while allowed) are refused on test, fetch-now and the schedule, and nothing is contacted', async () => {
    const w = await createAlarmWorld({ allowPrivateMailHosts: false });
    // Saved while the operator still allowed internal hosts, so they reach the connect step.
    const saved = { ...w.h, allowPrivateMailHosts: true };
    const hosts = [
      ['127.0.0.1', v4.port],
      ['10.0.0.1', 993],
      ['localhost', v4.port],
      ['[::1]', v6.port],
    ] as const;
    const sources = [];
    for (const [host, port] of hosts) sources.push(await createSource(saved, { dashboardId: w.dashA.id, ...imap(host, host, port) }));
    for (const source of sources) {
      const call = (action: string) => w.h.request(`${V1}/sources/${source.id}/${action}`, { method: 'POST', token: w.tokens.installerA });
      expect(await (await call('test')).json()).toEqual({ ok: false, message: INTERNAL_HOST_MESSAGE });
      expect((await (await call('fetch-now')).json()).status.lastError).toBe(INTERNAL_HOST_MESSAGE);
    }
    await w.h.db.updateTable('mailSource').set({ lastError: null, nextAttemptAt: null }).execute();
    await w.h.jobs.runNow(MAIL_FETCH_JOB);
    const listed = await w.callers.installerA.mailSource.list({ dashboardId: w.dashA.id });
    expect(listed.map((s) => s.status.lastError)).toEqual(Array(4).fill(INTERNAL_HOST_MESSAGE));
    expect([v4.connections(), v6.connections()]).toEqual([0, 0]);
  });
});

describe('with MAIL_ALLOW_PRIVATE_HOSTS on (the harness default)', () => {
  test('a closed port, a web server and a garbage server give one and the same message on test and fetch-now', async () => {
    const garbage = await startTcpServer('HTTP/1.1 400 Bad Request\r\n\r\n\x00garbage\r\n');
    const web = await startHttpServer();
    onTestFinished(async () => {
      await Promise.all([garbage.close(), web.close()]);
    });
    const w = await createAlarmWorld();
    const ports = [9, web.port, garbage.port];
    const sources = await Promise.all(ports.map((port, i) => createSource(w.h, { dashboardId: w.dashA.id, ...imap(`Bron ${i}`, '127.0.0.1', port) })));
    const call = async (id: number, action: string) =>
      (await w.h.request(`${V1}/sources/${id}/${action}`, { method: 'POST', token: w.tokens.installerA })).json();
    const tests = await Promise.all(sources.map((s) => call(s.id, 'test')));
    expect(tests).toEqual(Array(3).fill({ ok: false, message: NO_IMAP_SERVER }));
    const fetched = await Promise.all(sources.map((s) => call(s.id, 'fetch-now')));
    expect(fetched.map((s) => s.status.lastError)).toEqual(Array(3).fill(NO_IMAP_SERVER));
    expect(web.connections()).toBe(2);
  });
});

describe('rate limits', () => {
  test('the 11th test or fetch of a source within a minute is a 429 with Retry-After; a minute later it may again', async () => {
    let now = Date.parse('2026-03-02T09:00:00Z');
    const w = await createAlarmWorld({ clock: () => new Date(now) });
    const source = await createSource(w.h, { dashboardId: w.dashA.id, ...imap('Gesloten', '127.0.0.1', 9) });
    const call = (action: string) => w.h.request(`${V1}/sources/${source.id}/${action}`, { method: 'POST', token: w.tokens.installerA });
    for (let i = 0; i < 5; i++) expect((await call('test')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await call('fetch-now')).status).toBe(200);
    now += 30_000;
    for (const action of ['test', 'fetch-now']) {
      const limited = await call(action);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('30');
      expect((await limited.json()).error.message).toBe(tooManySourceCallsMessage(30));
    }
    await expect(w.callers.installerA.mailSource.test({ sourceId: source.id })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    now += 30_000;
    expect((await call('test')).status).toBe(200);
  });

  test('a new source per try does not dodge it: 30 calls a minute per user over all sources', async () => {
    const w = await createAlarmWorld();
    const sources = await Promise.all([0, 1, 2, 3].map((i) => createSource(w.h, { dashboardId: w.dashA.id, ...imap(`Bron ${i}`, '127.0.0.1', 9) })));
    const call = (id: number, token = w.tokens.installerA) => w.h.request(`${V1}/sources/${id}/test`, { method: 'POST', token });
    for (const source of sources.slice(0, 3)) for (let i = 0; i < 10; i++) expect((await call(source.id)).status).toBe(200);
    expect((await call(sources[3]!.id)).status).toBe(429);
    expect((await call(sources[3]!.id, w.tokens.admin)).status).toBe(200);
  });
});

describe('testing settings before saving them', () => {
  test('answers what a saved source would (an internal literal refused at its field, no server there), stores nothing, and counts under the limits', async () => {
    const w = await createAlarmWorld({ allowPrivateMailHosts: false });
    const call = (json: unknown) =>
      w.h.request(`${V1}/dashboards/${w.dashA.id}/email-alarm-sources/test`, { method: 'POST', token: w.tokens.installerA, json });
    const refused = await call(imap('Intern', '127.0.0.1', v4.port));
    expect(refused.status).toBe(400);
    const { error } = await refused.json();
    expect(error.fieldErrors).toEqual({ imapHost: [INTERNAL_HOST_MESSAGE] });
    // the test's answer says why by itself, not only "De invoer is ongeldig."
    expect(error.message).toBe(INTERNAL_HOST_MESSAGE);
    expect(v4.connections()).toBe(0);

    const open = await createAlarmWorld();
    const post = (json: unknown) =>
      open.h.request(`${V1}/dashboards/${open.dashA.id}/email-alarm-sources/test`, { method: 'POST', token: open.tokens.installerA, json });
    const closed = await post(imap('Gesloten', '127.0.0.1', 9));
    expect(closed.status).toBe(200);
    expect(await closed.json()).toEqual({ ok: false, message: NO_IMAP_SERVER });
    expect(await open.callers.installerA.mailSource.list({ dashboardId: open.dashA.id })).toEqual([]);
    for (let i = 0; i < 9; i++) expect((await post(imap('Gesloten', '127.0.0.1', 9))).status).toBe(200);
    expect((await post(imap('Gesloten', '127.0.0.1', 9))).status).toBe(429);
  });
});
