/**
 * Two real instances on one real PostgreSQL; runs when
 * TEST_DATABASE_URL is set (a schema of its own in that database) and Dovecot is installed. An
 * alarm stored through one shows in the other's live stream within a second; two syncs of the HUB
 * at once store each value once; 300 mails are stored exactly once by the pair; after kill -9 of
 * the instance holding the IMAP lease, the other takes it over and stores new mail exactly once.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, onTestFinished } from 'vitest';
import { type TestDovecot, dovecotAvailable, startDovecot } from './testing/dovecot';
import { PROCESS_ADMIN, type ProductProcess, killHard, startProductProcess } from './testing/product-process';
import { connectImap } from './modules/mail-sources/imap/imap-fetch';
import { type HubSimulator, startHubSimulator } from './modules/meterbeheer/hub-simulator/hub-simulator';

const url = process.env.TEST_DATABASE_URL;
const MAILBOX = { user: 'paar@example.nl', password: 'paar-wachtwoord' };

let dovecot: TestDovecot;
let hub: HubSimulator;
let sql: pg.Client;
let a: ProductProcess;
let b: ProductProcess;
let token: string;
let dashboardId: number;
let sourceId: number;
const dataDirs: string[] = [];
const dataDir = (name: string) => {
  dataDirs.push(mkdtempSync(path.join(tmpdir(), `energie-${name}-`)));
  return dataDirs.at(-1)!;
};

async function append(from: number, count: number) {
  const client = connectImap({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    username: MAILBOX.user,
    password: MAILBOX.password,
    inputFolder: 'INBOX',
  });
  await client.connect();
  for (let i = from; i < from + count; i++) {
    await client.append('INBOX', `From: monitor@example.nl\r\nSubject: Melding ${i}\r\nMessage-ID: <paar-${i}@example.nl>\r\n\r\nMelding ${i}\r\n`);
  }
  await client.logout();
}

const count = async (query: string) => Number((await sql.query(query)).rows[0].n);
const healthz = async (p: ProductProcess) => (await fetch(`${p.url}/healthz`)).json() as Promise<{ engine: string; leases: string[] }>;

describe.runIf(url && dovecotAvailable())('two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    const schema = `inst_${randomBytes(6).toString('hex')}`;
    const target = new URL(url!);
    target.searchParams.set('schema', schema);
    dovecot = await startDovecot({ users: { [MAILBOX.user]: MAILBOX.password } });
    hub = await startHubSimulator({ historyDays: 60 });
    const env = {
      DATABASE_URL: target.toString(),
      SECRET_KEY: 'een-gedeelde-sleutel-van-minstens-32-tekens',
      METERBEHEER_API_URL: hub.baseUrl,
      METERBEHEER_API_KEY: hub.apiKey,
      METERBEHEER_HISTORY_DAYS: '30',
    };
    // Started together on an empty database: one makes the first admin.
    [a, b] = await Promise.all([startProductProcess(dataDir('a'), env), startProductProcess(dataDir('b'), env)]);
    sql = new pg.Client({ connectionString: url });
    await sql.connect();
    await sql.query(`set search_path to ${schema}`);
    ({ accessToken: token } = await a.call('POST', '/auth/login', undefined, PROCESS_ADMIN));
    const org = await a.call('PUT', '/api/organizations', token, { name: 'Paar' });
    ({ id: dashboardId } = await a.call('POST', '/api/v1/alarms/dashboards', token, { name: 'Paar', organizationId: org.id }));
  }, 60_000);

  afterAll(async () => {
    for (const p of [a, b]) if (p && p.child.exitCode === null && p.child.signalCode === null) await killHard(p);
    await sql?.end();
    await dovecot?.close();
    await hub?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  test('both run on postgres and the first admin exists once', async () => {
    expect((await healthz(a)).engine).toBe('postgres');
    expect((await healthz(b)).engine).toBe('postgres');
    expect(await count(`select count(*) as n from "user"`)).toBe(1);
  });

  test('an alarm stored through A shows in the live stream read from B within a second', async () => {
    const streams = new AbortController();
    onTestFinished(() => streams.abort());
    const res = await fetch(`${b.url}/api/v1/alarms/dashboards/${dashboardId}/events`, {
      headers: { authorization: `Bearer ${token}` },
      signal: streams.signal,
    });
    expect(res.status).toBe(200);
    const body = res.body!.getReader();
    // The stream is open on B before the alarm is stored on A.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    const alarm = await a.call('POST', `/api/v1/alarms/dashboards/${dashboardId}/alarms`, token, { line: 'Warmtepomp 3: hoge druk', priority: 'HIGH' });
    let text = '';
    while (!text.includes(`"alarmId":${alarm.id}`)) text += new TextDecoder().decode((await body.read()).value);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(text).toContain('"type":"created"');
  });

  test('two instances syncing the HUB at once store each value once', async () => {
    await a.call('POST', '/api/meterbeheer/feeds/add/kenter', token, {
      name: 'Kantoor',
      postalCode: '1234 AB',
      houseNumber: '1',
      meterKind: 'electricity',
      ean: '871234567890123456',
      username: 'u',
      password: 'p',
    });
    const answers = await Promise.all([
      fetch(`${a.url}/api/meterbeheer/sync`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }),
      fetch(`${b.url}/api/meterbeheer/sync`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }),
    ]);
    expect(answers.map((r) => r.status).sort()).toContain(200);
    const stored = await count('select count(*) as n from measurement');
    expect(stored).toBeGreaterThan(28 * 96);
    expect(await count('select count(*) as n from (select distinct "channelId", ts from measurement) d')).toBe(stored);
    // A second sync by the other instance adds nothing.
    await b.call('POST', '/api/meterbeheer/sync', token);
    expect(await count('select count(*) as n from measurement')).toBe(stored);
  }, 120_000);

  test('300 mails are stored exactly once by the pair; after kill -9 of the IMAP lease holder the other takes over and stores new mail once', async () => {
    await append(0, 300);
    ({ id: sourceId } = await a.call('POST', `/api/v1/alarms/dashboards/${dashboardId}/email-alarm-sources`, token, {
      type: 'IMAP',
      name: 'Paar',
      imapHost: dovecot.host,
      imapPort: dovecot.port,
      imapSecure: false,
      imapUsername: MAILBOX.user,
      imapPassword: MAILBOX.password,
      imapInputFolder: 'INBOX',
    }));
    const stored = () => count('select count(*) as n from "alarmEmail"');
    await expect.poll(stored, { timeout: 60_000, interval: 200 }).toBe(300);
    const lease = `imap-idle:${sourceId}`;
    await expect.poll(async () => [...(await healthz(a)).leases, ...(await healthz(b)).leases].filter((l) => l === lease).length, { timeout: 15_000 }).toBe(1);
    const holder = (await healthz(a)).leases.includes(lease) ? a : b;
    const survivor = holder === a ? b : a;
    await killHard(holder);
    const killedAt = performance.now();
    await append(300, 5);
    await expect.poll(stored, { timeout: 70_000, interval: 250 }).toBe(305);
    await expect.poll(async () => (await healthz(survivor)).leases, { timeout: 60_000 - (performance.now() - killedAt), interval: 500 }).toContain(lease);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await stored()).toBe(305);
    expect(await count('select count(distinct "dedupeKey") as n from "alarmEmail"')).toBe(305);
  }, 180_000);
});
