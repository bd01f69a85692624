import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, vi, onTestFinished } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { createHarness } from '../../testing/harness';
import { testDatabase, testingOnPostgres } from '../../testing/test-database';

const V1 = '/api/v1/alarms';
const T = Date.parse('2026-11-25T09:00:00Z');
const fixture = (name: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, 'testdata', name), 'utf8'));
const alertmanager = fixture('alertmanager-v4.json');
const grafana = fixture('grafana.json');

async function world() {
  let now = T;
  const w = await createAlarmWorld({ clock: () => new Date(now) });
  const newToken = async (dashboardId = w.dashA.id, name = 'Prometheus') =>
    (await (await w.h.request(`${V1}/dashboards/${dashboardId}/ingest-tokens`, { method: 'POST', token: w.tokens.installerA, json: { name } })).json()) as {
      id: number;
      token: string;
    };
  const hook = (tool: string, token: string, json: unknown) => w.h.request(`${V1}/hooks/${tool}`, { method: 'POST', token, json });
  const alarms = () =>
    w.h.db
      .selectFrom('alarm')
      .select(['id', 'dashboardId', 'line', 'priority', 'groupKey', 'occurrences', 'resolvedAt', 'resolutionBy', 'data'])
      .orderBy('id')
      .execute();
  return { ...w, newToken, hook, alarms, advance: (seconds: number) => (now += seconds * 1000) };
}

const resolvedCopy = (payload: typeof alertmanager) => ({
  ...payload,
  status: 'resolved',
  alerts: payload.alerts.map((a: object) => ({ ...a, status: 'resolved' })),
});

test("Alertmanager's documented v4 payload raises alarms: key from the fingerprint (else sorted labels), summary as line, severity as priority, labels and annotations as data", async () => {
  const w = await world();
  const { token } = await w.newToken();
  const res = await w.hook('alertmanager', token, alertmanager);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ created: 2, grouped: 0, resolved: 0 });
  const [probe, test2] = await w.alarms();
  expect(probe).toMatchObject({
    dashboardId: w.dashA.id,
    line: 'BlackBox Probe Failure: https://server.example.org',
    priority: 'HIGH',
    groupKey: '1a30ba71cca2921f',
  });
  expect(JSON.parse(probe!.data)).toMatchObject({
    alertname: 'ProbeFailure',
    severity: 'critical',
    summary: 'BlackBox Probe Failure: https://server.example.org',
    generatorURL: expect.stringContaining('probe_success'),
  });
  // no summary, no fingerprint, no severity: alertname with instance, sorted labels, the dashboard's default priority
  expect(test2).toMatchObject({
    line: 'Test localhost:9090',
    priority: 'MEDIUM',
    groupKey: 'alertname=Test,dc=eu-west-1,instance=localhost:9090,job=prometheus24',
  });
  const history = await w.callers.admin.alarm.history({ alarmId: probe!.id });
  expect(history[0]!.actor).toEqual({ type: 'API', name: 'Prometheus (Alertmanager)' });
});

test('a repeat groups by fingerprint; resolved resolves exactly those alarms (resolution API) and nothing else', async () => {
  const w = await world();
  const { token } = await w.newToken();
  await w.hook('alertmanager', token, alertmanager);
  w.advance(60);
  expect(await (await w.hook('alertmanager', token, alertmanager)).json()).toEqual({ created: 0, grouped: 2, resolved: 0 });
  const other = await w.hook('generic', token, { key: 'ander', line: 'Iets anders' });
  expect(await other.json()).toEqual({ created: 1, grouped: 0, resolved: 0 });
  const only = { ...alertmanager, alerts: [alertmanager.alerts[0]] };
  expect(await (await w.hook('alertmanager', token, resolvedCopy(only))).json()).toEqual({ created: 0, grouped: 0, resolved: 1 });
  const rows = await w.alarms();
  expect(rows.map((a) => [a.groupKey, a.occurrences, a.resolutionBy])).toEqual([
    ['1a30ba71cca2921f', 2, 'API'],
    ['alertname=Test,dc=eu-west-1,instance=localhost:9090,job=prometheus24', 2, null],
    ['ander', 1, null],
  ]);
  expect(await (await w.hook('alertmanager', token, resolvedCopy(alertmanager))).json()).toEqual({ created: 0, grouped: 0, resolved: 1 });
});

test("Grafana's documented payload raises its alerts with the values flattened into the data", async () => {
  const w = await world();
  const { token } = await w.newToken(w.dashA.id, 'Grafana');
  expect(await (await w.hook('grafana', token, grafana)).json()).toEqual({ created: 2, grouped: 0, resolved: 0 });
  const [memory] = await w.alarms();
  expect(memory).toMatchObject({ line: 'This alert was triggered for zone us-1', groupKey: 'c6eadffa33fcdf37', priority: 'MEDIUM' });
  expect(JSON.parse(memory!.data)).toMatchObject({
    team: 'blue',
    runbook_url: 'https://myrunbook.com/runbook/1234',
    'values.B': '44.23943737541908',
    'values.C': '1',
  });
  expect(await (await w.hook('grafana', token, resolvedCopy(grafana))).json()).toEqual({ created: 0, grouped: 0, resolved: 2 });
});

test('severity maps to priority: critical/high/page/error HIGH, warning/warn/medium MEDIUM, info/low/none LOW, anything else the default', async () => {
  const w = await world();
  const { token } = await w.newToken();
  const severities = ['critical', 'High', 'page', 'error', 'warning', 'warn', 'medium', 'info', 'low', 'none', 'disaster'];
  const alerts = severities.map((severity) => ({ status: 'firing', labels: { alertname: 'X', severity }, annotations: {} }));
  await w.hook('alertmanager', token, { version: '4', alerts });
  expect((await w.alarms()).map((a) => a.priority)).toEqual(['HIGH', 'HIGH', 'HIGH', 'HIGH', 'MEDIUM', 'MEDIUM', 'MEDIUM', 'LOW', 'LOW', 'LOW', 'MEDIUM']);
});

test('a bad alert is a 400 naming its index, in Dutch, and nothing of the request is stored; 1,001 alerts are a 400, over 1 MB a 413', async () => {
  const w = await world();
  const { token } = await w.newToken();
  const good = alertmanager.alerts[0];
  const res = await w.hook('alertmanager', token, { ...alertmanager, alerts: [good, good, good, { ...good, labels: 'kapot' }] });
  expect(res.status).toBe(400);
  expect((await res.json()).error.fieldErrors).toEqual({ 'alerts.3.labels': ['De labels moeten een object met tekstwaarden zijn.'] });
  const generic = await w.hook('generic', token, { alerts: [{ line: 'ok' }, { line: '' }, { line: 'x', status: 'resolved' }] });
  expect((await generic.json()).error.fieldErrors).toEqual({ 'alerts.1.line': ['De melding moet worden opgegeven.'] });
  const unkeyed = await w.hook('generic', token, { alerts: [{ line: 'ok' }, { line: 'x', status: 'resolved' }] });
  expect((await unkeyed.json()).error.fieldErrors).toEqual({ 'alerts.1.key': ['Een opgeloste alert heeft een sleutel (key) nodig.'] });
  const many = Array.from({ length: 1001 }, (_, i) => ({ line: `Alarm ${i}` }));
  const tooMany = await w.hook('generic', token, { alerts: many });
  expect(tooMany.status).toBe(400);
  expect((await tooMany.json()).error.fieldErrors.alerts[0]).toMatch(/Hoogstens 1000 alerts/);
  const big = await w.hook('generic', token, { line: 'groot', data: { blob: 'x'.repeat(1024 * 1024) } });
  expect(big.status).toBe(413);
  expect(await w.alarms()).toEqual([]);
});

test('data beyond the alarm limits is cut, not refused: 100 keys, values of 2000 characters', async () => {
  const w = await world();
  const { token } = await w.newToken();
  const labels = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`l${String(i).padStart(3, '0')}`, 'v']));
  const annotations = { summary: 'Lang', description: 'y'.repeat(5000) };
  expect((await w.hook('alertmanager', token, { alerts: [{ status: 'firing', labels, annotations }] })).status).toBe(200);
  const data = JSON.parse((await w.alarms())[0]!.data);
  expect(Object.keys(data)).toHaveLength(100);
  const long = await w.hook('generic', token, { line: 'Lang', data: { description: 'y'.repeat(5000) } });
  expect(long.status).toBe(200);
  expect(JSON.parse((await w.alarms())[1]!.data).description).toHaveLength(2000);
});

test("the token decides the dashboard: dashboard A's token raises on A only; a revoked or unknown token is a 401, and so is a user's own token on the hooks", async () => {
  const w = await world();
  const a = await w.newToken(w.dashA.id);
  await w.hook('generic', a.token, { key: 'k', line: 'Op A', dashboardId: w.dashB.id });
  expect((await w.alarms()).map((x) => x.dashboardId)).toEqual([w.dashA.id]);
  expect((await w.hook('generic', w.tokens.admin, { line: 'x' })).status).toBe(401);
  expect((await w.hook('generic', 'ebi_onbekend', { line: 'x' })).status).toBe(401);
  // revoked from the browser: tRPC over HTTP (its answer must serialize)
  const viaTrpc = await w.h.request('/trpc/ingestToken.revoke', { method: 'POST', token: w.tokens.installerA, json: { tokenId: a.id } });
  expect(viaTrpc.status).toBe(200);
  const revoked = await w.hook('generic', a.token, { line: 'x' });
  expect(revoked.status).toBe(401);
  expect((await w.alarms()).length).toBe(1);
});

test('an ingest token opens nothing but the hooks: the dashboard over REST and tRPC is a 401', async () => {
  const w = await world();
  const { token } = await w.newToken();
  const res = await w.h.request(`${V1}/dashboards/${w.dashA.id}`, { token });
  expect(res.status).toBe(401);
  expect((await res.json()).error.message).toBe('Je bent niet ingelogd.');
  const trpc = await w.h.request(`/trpc/alarmDashboard.get?input=${encodeURIComponent(JSON.stringify({ dashboardId: w.dashA.id }))}`, { token });
  expect(trpc.status).toBe(401);
  expect((await w.h.request(`${V1}/dashboards/${w.dashA.id}/ingest-tokens`, { token })).status).toBe(401);
});

test('an ingest token opens the hooks only at their REST paths: /trpc/alarmHook.*, single or batched, is a 401 and stores nothing', async () => {
  const w = await world();
  const { token } = await w.newToken();
  const single = await w.h.request('/trpc/alarmHook.generic', { method: 'POST', token, json: { line: 'via tRPC' } });
  expect(single.status).toBe(401);
  const batch = await w.h.request('/trpc/alarmHook.generic,alarmHook.alertmanager?batch=1', {
    method: 'POST',
    token,
    json: { 0: { line: 'via tRPC' }, 1: alertmanager },
  });
  expect(batch.status).toBe(401);
  expect(await w.alarms()).toEqual([]);
  expect((await w.hook('generic', token, { line: 'via REST' })).status).toBe(200);
});

test('keys longer than 256 characters are hashed, not cut: two alerts that differ only after 255 characters stay two alarms, and resolving one leaves the other open', async () => {
  const w = await world();
  const { token } = await w.newToken();
  const stem = 'k'.repeat(280);
  const [one, two] = [`${stem}-een`, `${stem}-twee`];
  expect(
    await (
      await w.hook('generic', token, {
        alerts: [
          { key: one, line: 'Een' },
          { key: two, line: 'Twee' },
        ],
      })
    ).json(),
  ).toEqual({
    created: 2,
    grouped: 0,
    resolved: 0,
  });
  const fingerprint = `${'f'.repeat(300)}1`;
  const am = { status: 'firing', labels: { alertname: 'Lang' }, annotations: {}, fingerprint };
  await w.hook('alertmanager', token, { alerts: [am, { ...am, fingerprint: `${'f'.repeat(300)}2` }] });
  expect(await (await w.hook('generic', token, { key: one, line: 'Een', status: 'resolved' })).json()).toEqual({ created: 0, grouped: 0, resolved: 1 });
  expect(await (await w.hook('alertmanager', token, { alerts: [{ ...am, status: 'resolved' }] })).json()).toEqual({ created: 0, grouped: 0, resolved: 1 });
  const rows = await w.alarms();
  expect(rows.map((a) => [a.line, a.resolutionBy])).toEqual([
    ['Een', 'API'],
    ['Twee', null],
    ['Lang', 'API'],
    ['Lang', null],
  ]);
  for (const row of rows) expect(row.groupKey).toMatch(/^sha256:[0-9a-f]{64}$/);
  // the same long key again groups with its own alarm
  expect(await (await w.hook('generic', token, { key: two, line: 'Twee' })).json()).toEqual({ created: 0, grouped: 1, resolved: 0 });
});

test('data named constructor, __proto__ or prototype is kept as plain data, in hooks of every format', async () => {
  const w = await world();
  const { token } = await w.newToken();
  const raw = '{"line":"Vreemde namen","data":{"constructor":"c","__proto__":"p","prototype":"t","gewoon":"g"}}';
  const res = await w.h.request(`${V1}/hooks/generic`, { method: 'POST', token, body: raw, headers: { 'content-type': 'application/json' } });
  expect(res.status).toBe(200);
  const labels = '{"alerts":[{"status":"firing","labels":{"alertname":"X","constructor":"lc","__proto__":"lp"},"annotations":{"summary":"Labels"}}]}';
  expect((await w.h.request(`${V1}/hooks/alertmanager`, { method: 'POST', token, body: labels, headers: { 'content-type': 'application/json' } })).status).toBe(
    200,
  );
  const [generic, am] = await w.alarms();
  expect(Object.entries(JSON.parse(generic!.data)).sort()).toEqual([
    ['__proto__', 'p'],
    ['constructor', 'c'],
    ['gewoon', 'g'],
    ['prototype', 't'],
  ]);
  expect(Object.entries(JSON.parse(am!.data)).sort()).toEqual([
    ['__proto__', 'lp'],
    ['alertname', 'X'],
    ['constructor', 'lc'],
    ['summary', 'Labels'],
  ]);
  // the detail answers them too
  const detail = await (await w.h.request(`${V1}/alarms/${generic!.id}`, { token: w.tokens.installerA })).text();
  expect(detail).toContain('"constructor":"c"');
  expect(detail).toContain('"__proto__":"p"');
});

test('Alertmanager alerts without labels or fingerprint are not one alarm: each gets a key of its own content, and a repeat of one groups with it', async () => {
  const w = await world();
  const { token } = await w.newToken();
  const bare = (summary: string) => ({ status: 'firing', labels: {}, annotations: { summary }, startsAt: '2026-11-25T08:00:00Z' });
  expect(await (await w.hook('alertmanager', token, { alerts: [bare('Eerste'), bare('Tweede')] })).json()).toEqual({ created: 2, grouped: 0, resolved: 0 });
  expect(await (await w.hook('alertmanager', token, { alerts: [bare('Eerste')] })).json()).toEqual({ created: 0, grouped: 1, resolved: 0 });
  const keys = (await w.alarms()).map((a) => a.groupKey);
  expect(keys[0]).not.toBe(keys[1]);
  for (const key of keys) expect(key).toMatch(/^alert:[0-9a-f]{64}$/);
});

test("Alertmanager and Grafana: a location or site label names one of the organization's locations by id or name (any case); an unknown one stays in the data, and startsAt is the time received", async () => {
  const w = await world();
  const { token } = await w.newToken();
  const alert = (labels: Record<string, string>, startsAt?: string) => ({ status: 'firing', labels: { alertname: 'A', ...labels }, annotations: {}, startsAt });
  const res = await w.hook('alertmanager', token, {
    alerts: [
      alert({ location: 'alfa kantoor', n: '1' }, '2026-11-25T08:15:00Z'),
      alert({ Site: String(w.a2), n: '2' }),
      alert({ LOCATION: 'Onbekend Gebouw', n: '3' }, '2026-11-25T10:00:00Z'),
      alert({ location: 'Bravo Hal', n: '4' }),
    ],
  });
  expect(res.status).toBe(200);
  await w.hook('grafana', token, { alerts: [alert({ site: 'ALFA MAGAZIJN', n: '5' }, '2026-11-25T08:59:30.5Z')] });
  const rows = await w.h.db.selectFrom('alarm').select(['locationId', 'receivedAt', 'data']).orderBy('id').execute();
  expect(rows.map((r) => r.locationId)).toEqual([w.a1, w.a2, null, null, w.a2]);
  // 08:15 as sent; none: now; 10:00 lies in the future: now
  expect(rows.map((r) => new Date(r.receivedAt * 1000).toISOString())).toEqual([
    '2026-11-25T08:15:00.000Z',
    '2026-11-25T09:00:00.000Z',
    '2026-11-25T09:00:00.000Z',
    '2026-11-25T09:00:00.000Z',
    '2026-11-25T08:59:30.000Z',
  ]);
  expect(JSON.parse(rows[2]!.data)).toMatchObject({ LOCATION: 'Onbekend Gebouw' });
  // Bravo Hal belongs to another organization: not found, not a 4xx
  expect(JSON.parse(rows[3]!.data)).toMatchObject({ location: 'Bravo Hal' });
});

test('the list shows name, creation and last use, never the token; the 601st request in a minute is a 429 with Retry-After', async () => {
  const w = await world();
  const { token } = await w.newToken();
  const list = async () => (await w.h.request(`${V1}/dashboards/${w.dashA.id}/ingest-tokens`, { token: w.tokens.installerA })).json();
  expect(await list()).toEqual([{ id: expect.any(Number), name: 'Prometheus', createdAt: '2026-11-25T09:00:00.000Z', lastUsedAt: null }]);
  for (let i = 0; i < 600; i++) {
    expect((await w.hook('alertmanager', token, { alerts: [] })).status).toBe(200);
    if (i === 299) w.advance(30);
  }
  const limited = await w.hook('generic', token, { line: 'x' });
  expect(limited.status).toBe(429);
  // the first 300 leave the window 60 s after they came, 30 s from now
  expect(Number(limited.headers.get('retry-after'))).toBe(30);
  expect((await limited.json()).error.code).toBe('TOO_MANY_REQUESTS');
  w.advance(30);
  expect((await w.hook('generic', token, { line: 'x' })).status).toBe(200);
  const [used] = await list();
  expect(used.lastUsedAt).toBe('2026-11-25T09:01:00.000Z');
  expect((await w.h.request(`${V1}/ingest-tokens/${used.id}`, { method: 'DELETE', token: w.tokens.installerA })).status).toBe(204);
  expect(await list()).toEqual([]);
});

test('installers manage tokens only while the dashboard is customizable; the live console hears of a request once it has committed', async () => {
  const w = await world();
  await w.callers.admin.alarmDashboard.customizable({ dashboardId: w.dashA.id, customizable: false });
  const refused = await w.h.request(`${V1}/dashboards/${w.dashA.id}/ingest-tokens`, { method: 'POST', token: w.tokens.installerA, json: { name: 'x' } });
  expect(refused.status).toBe(403);
  const { token } = await w.callers.admin.ingestToken.create({ dashboardId: w.dashA.id, name: 'Prometheus' });
  const heard: string[] = [];
  w.h.events.subscribe(w.dashA.id, (events) => heard.push(...events.map((e) => e.event)));
  await w.hook('alertmanager', token, alertmanager);
  // In process at once on SQLite; on PostgreSQL through NOTIFY, a moment after the commit.
  await vi.waitFor(() => expect(heard).toEqual(['alarm', 'alarm', 'counts']));
});

test('alerts are taken in their order: firing, resolved and firing again for one key in one request leave a new open alarm', async () => {
  const w = await world();
  const { token } = await w.newToken();
  const alerts = [
    { key: 'pomp-3', line: 'Pomp 3 staat stil' },
    { key: 'pomp-4', line: 'Pomp 4 staat stil' },
    { key: 'pomp-3', line: 'Pomp 3 loopt', status: 'resolved' },
    { key: 'pomp-4', line: 'Pomp 4 loopt', status: 'resolved' },
    { key: 'pomp-3', line: 'Pomp 3 staat weer stil' },
  ];
  expect(await (await w.hook('generic', token, { alerts })).json()).toEqual({ created: 3, grouped: 0, resolved: 2 });
  expect((await w.alarms()).map((a) => [a.groupKey, a.resolutionBy])).toEqual([
    ['pomp-3', 'API'],
    ['pomp-4', 'API'],
    ['pomp-3', null],
  ]);
});

// PostgreSQL only: several instances exist only there (a SQLite DATA_DIR has one process, which counts in memory).
test.skipIf(!testingOnPostgres())(
  'two instances on one PostgreSQL share a token’s 600 a minute: round-robin over both, the 601st is a 429 on either',
  async () => {
    let now = T;
    const clock = () => new Date(now);
    const databaseFile = await testDatabase();
    const w = await createAlarmWorld({ databaseFile, clock });
    const other = await createHarness({ databaseFile, clock });
    onTestFinished(() => other.close());
    const { token } = (await (
      await w.h.request(`${V1}/dashboards/${w.dashA.id}/ingest-tokens`, { method: 'POST', token: w.tokens.installerA, json: { name: 'Prometheus' } })
    ).json()) as { token: string };
    const hook = (h: typeof other) => h.request(`${V1}/hooks/alertmanager`, { method: 'POST', token, json: { alerts: [] } });
    for (let i = 0; i < 600; i++) {
      expect((await hook(i % 2 ? other : w.h)).status, `request ${i + 1}`).toBe(200);
      if (i === 299) now += 30_000;
    }
    for (const h of [w.h, other]) {
      const limited = await hook(h);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBe(30);
    }
    now += 30_000;
    expect((await hook(other)).status).toBe(200);
  },
);
