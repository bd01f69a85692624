/**
 * What an operator's monitoring relies on: /metrics behind METRICS_TOKEN with the figures of known
 * events, every metric the shipped Grafana dashboard and alert rules use, a request id on every
 * answer and error body, and a request log that never holds a secret.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { createApp } from './app';
import { createAlarmWorld } from './testing/alarm-world';
import { createHarness } from './testing/harness';
import { testTempDir } from './testing/temp-dir';
import { type LogFields, createLogger } from './platform/logger';

const TOKEN = 'metrics-token-0123456789';

async function scrape(app: ReturnType<typeof createApp>) {
  const res = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
}

/** `name{labels} value` lines as a map, for exact lookups. */
const series = (text: string) =>
  new Map(
    text
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => [l.slice(0, l.lastIndexOf(' ')), Number(l.slice(l.lastIndexOf(' ') + 1))]),
  );

test('/metrics does not exist without METRICS_TOKEN, and answers 401 to a wrong token', async () => {
  const h = await createHarness();
  expect((await h.app.request('/metrics')).status).toBe(404);
  const app = createApp({ ...h, metricsToken: TOKEN });
  expect((await app.request('/metrics')).status).toBe(401);
  expect((await app.request('/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
  expect((await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).headers.get('content-type')).toContain('text/plain');
});

test('/metrics counts a request by its route pattern, an alarm raised by its source and a failed job', async () => {
  const w = await createAlarmWorld();
  const app = createApp({ ...w.h, metricsToken: TOKEN });
  await app.request('/healthz');
  await app.request('/api/v1/alarms/dashboards/999999', { headers: { authorization: `Bearer ${(await w.h.signIn('admin@example.nl')).accessToken}` } });
  await w.callers.admin.alarm.create({ dashboardId: w.dashA.id, line: 'Pomp 2 storing', priority: 'HIGH' } as never);
  // A backup folder under a file cannot be made: the backup job fails.
  const file = path.join(testTempDir('energie-metrics-'), 'a-file');
  writeFileSync(file, '');
  w.h.backups.dir = path.join(file, 'backups');
  await expect(w.h.jobs.runNow('backup', { now: true })).rejects.toThrow();

  const s = series(await scrape(app));
  expect(s.get('energiebeheer_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}')).toBe(1);
  expect(s.get('energiebeheer_http_request_duration_seconds_count{method="GET",route="/api/v1/alarms/dashboards/:id",status="404"}')).toBe(1);
  expect(s.get('energiebeheer_alarms_raised_total{source="user"}')).toBe(1);
  expect(s.get('energiebeheer_job_runs_total{job="backup"}')).toBe(1);
  expect(s.get('energiebeheer_job_failures_total{job="backup"}')).toBe(1);
  expect(s.get('energiebeheer_backup_last_age_seconds')).toBe(-1);
  expect(s.get('energiebeheer_parse_queue_length')).toBe(0);
  expect(s.get('energiebeheer_live_streams_open')).toBe(0);
});

test('every metric the Grafana dashboard and the alert rules use is one /metrics exposes', async () => {
  const w = await createAlarmWorld();
  const app = createApp({ ...w.h, metricsToken: TOKEN });
  await app.request('/healthz');
  await w.callers.admin.alarm.create({ dashboardId: w.dashA.id, line: 'Pomp 2 storing', priority: 'HIGH' } as never);
  const exposed = new Set(
    [...(await scrape(app)).matchAll(/^# TYPE (\w+) (\w+)$/gm)].flatMap(([, name, type]) =>
      type === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name!],
    ),
  );
  for (const file of ['deploy/grafana-dashboard.json', 'deploy/alerts.yml']) {
    const used = new Set([...readFileSync(file, 'utf8').matchAll(/\benergiebeheer_\w+/g)].map(([name]) => name));
    expect(used.size, file).toBeGreaterThan(5);
    for (const name of used) expect(exposed, `${file} uses ${name}`).toContain(name);
  }
});

test('every answer carries a request id, a given one is kept, and an error body names it', async () => {
  const h = await createHarness();
  const given = await h.app.request('/healthz', { headers: { 'x-request-id': 'lb-1234' } });
  expect(given.headers.get('x-request-id')).toBe('lb-1234');
  const error = await h.app.request('/api/organizations/list', { headers: { 'x-request-id': 'bad id with spaces' } });
  expect(error.status).toBe(401);
  const id = error.headers.get('x-request-id');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(await error.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' }, requestId: id });
});

test('the request log has one JSON-ready line per request and never a password, token or secret', async () => {
  const w = await createAlarmWorld();
  const lines: LogFields[] = [];
  const app = createApp({ ...w.h, log: (fields) => lines.push(fields) });
  const call = (method: string, path: string, body?: unknown, token?: string) =>
    app.request(path, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const login = await (await call('POST', '/auth/login', { email: 'admin@example.nl', password: 'correct horse battery' })).json();
  const refreshed = await (await call('POST', '/auth/refresh', { refreshToken: login.refreshToken })).json();
  const token = refreshed.accessToken;
  const source = await call(
    'POST',
    `/api/v1/alarms/dashboards/${w.dashA.id}/email-alarm-sources`,
    {
      type: 'IMAP',
      name: 'Storingen',
      imapHost: '127.0.0.1',
      imapPort: 9,
      imapSecure: false,
      imapUsername: 'storingen',
      imapPassword: 'imap-wachtwoord-geheim',
      imapInputFolder: 'INBOX',
    },
    token,
  );
  const rule = await call(
    'POST',
    `/api/v1/alarms/dashboards/${w.dashA.id}/notification-rules`,
    {
      name: 'Webhook',
      channel: { type: 'WEBHOOK', url: 'https://hooks.example.nl/in', secret: 'webhook-geheim-1234567890' },
    },
    token,
  );
  const ingest = await (await call('POST', `/api/v1/alarms/dashboards/${w.dashA.id}/ingest-tokens`, { name: 'Alertmanager' }, token)).json();
  await call('POST', '/api/v1/alarms/hooks/alertmanager', { version: '4', status: 'firing', alerts: [] }, ingest.token);
  await app.request(`/api/users/list?pageNumber=0&pageSize=10&token=${ingest.token}`, { headers: { authorization: `Bearer ${token}` } });

  expect([source.status, rule.status]).not.toContain(500);
  expect(lines.length).toBe(7);
  for (const line of lines) expect(Object.keys(line).sort()).toEqual(['level', 'method', 'ms', 'msg', 'requestId', 'route', 'status']);
  const text = JSON.stringify(lines);
  for (const secret of [
    'correct horse battery',
    login.accessToken,
    login.refreshToken,
    refreshed.refreshToken,
    token,
    'imap-wachtwoord-geheim',
    'webhook-geheim-1234567890',
    ingest.token,
  ]) {
    expect(text, 'a secret in the log').not.toContain(secret);
  }
  expect(lines.map((l) => l.route)).toContain('/auth/login');
});

test('each job run writes one log line: JSON with the job, its time and level, a failure with its error; readable on a terminal', async () => {
  const fields: LogFields[] = [];
  const h = await createHarness({ log: (f) => fields.push(f) });
  await h.jobs.runNow('backup', { now: true });
  // A backup folder under a file cannot be made: this run fails.
  const file = path.join(testTempDir('energie-joblog-'), 'a-file');
  writeFileSync(file, '');
  h.backups.dir = path.join(file, 'backups');
  await expect(h.jobs.runNow('backup', { now: true })).rejects.toThrow();

  const runs = fields.filter((f) => f.job === 'backup');
  expect(runs.map((f) => [f.level ?? 'info', f.msg])).toEqual([
    ['info', 'job run'],
    ['error', 'job failed'],
  ]);
  const json: string[] = [];
  const pretty: string[] = [];
  for (const f of runs) {
    createLogger('json', (line) => json.push(line))(f);
    createLogger('pretty', (line) => pretty.push(line))(f);
  }
  const parsed = json.map((line) => JSON.parse(line));
  expect(parsed[0]).toEqual({ time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), level: 'info', msg: 'job run', job: 'backup', ms: expect.any(Number) });
  expect(parsed[1]).toMatchObject({ level: 'error', msg: 'job failed', job: 'backup', error: expect.stringContaining('a-file') });
  expect(json.every((line) => !line.includes('\n'))).toBe(true);
  expect(pretty[1]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} ERROR job failed backup \d+ ms — .*a-file/);
});
