/**
 * Never losing or doubling mail (issue 12): the product as its own process ingests 2,000 messages
 * from a real Dovecot, is killed with SIGKILL half-way, restarts, and ends with exactly 2,000.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type TestDovecot, dovecotAvailable, startDovecot } from '../../testing/dovecot';
import { connectImap } from './imap/imap-fetch';

const available = dovecotAvailable();
const COUNT = 2000;
const ADMIN = { email: 'crash@example.nl', password: 'crash-wachtwoord-1' };
let dovecot: TestDovecot;
let dataDir: string;

beforeAll(async () => {
  if (!available) return;
  dovecot = await startDovecot({ users: { 'bulk@example.nl': 'bulk-wachtwoord' } });
  dataDir = mkdtempSync(path.join(tmpdir(), 'energie-crash-'));
});
afterAll(async () => {
  await dovecot?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function startProduct(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start: ${output}`)), 30_000);
    const onData = (d: Buffer) => {
      output += d;
      const match = output.match(/running at (http:\/\/[^/\s]+)/);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]! });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d) => (output += d));
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
}

test.runIf(available)(
  'SIGKILL while ingesting 2,000 messages, restart: exactly 2,000 stored e-mails',
  async () => {
    const client = connectImap({
      host: dovecot.host,
      port: dovecot.port,
      secure: false,
      username: 'bulk@example.nl',
      password: 'bulk-wachtwoord',
      inputFolder: 'INBOX',
    });
    await client.connect();
    for (let i = 0; i < COUNT; i++) {
      // Every tenth message has no Message-ID: those dedupe on their bytes.
      const id = i % 10 === 0 ? '' : `Message-ID: <bulk-${i}@example.nl>\r\n`;
      await client.append('INBOX', `From: monitor@example.nl\r\nSubject: Melding ${i}\r\n${id}\r\nMelding ${i} ${'x'.repeat(4000)}\r\n`);
    }
    await client.logout();

    let product = await startProduct();
    const call = async (method: string, route: string, token?: string, body?: unknown) => {
      const res = await fetch(`${product.url}${route}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.json();
    };
    const { accessToken } = await call('POST', '/auth/login', undefined, ADMIN);
    const org = await call('PUT', '/api/organizations', accessToken, { name: 'Crash' });
    const dashboard = await call('POST', '/api/v1/alarms/dashboards', accessToken, { name: 'Crash', organizationId: org.id });
    await call('POST', `/api/v1/alarms/dashboards/${dashboard.id}/email-alarm-sources`, accessToken, {
      type: 'IMAP',
      name: 'Bulk',
      imapHost: dovecot.host,
      imapPort: dovecot.port,
      imapSecure: false,
      imapUsername: 'bulk@example.nl',
      imapPassword: 'bulk-wachtwoord',
      imapInputFolder: 'INBOX',
    });

    const db = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
    const stored = () => (db.prepare('select count(*) as n from alarmEmail').get() as { n: number }).n;
    try {
      // The IDLE watcher and the polling job pick the source up within seconds; kill mid-way.
      await expect.poll(stored, { timeout: 30_000, interval: 10 }).toBeGreaterThan(150);
      product.child.kill('SIGKILL');
      await new Promise((resolve) => product.child.once('exit', resolve));
      const atKill = stored();
      expect(atKill).toBeLessThan(COUNT);

      product = await startProduct();
      await expect.poll(stored, { timeout: 60_000, interval: 200 }).toBe(COUNT);
      // A little longer: nothing more may arrive.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(stored()).toBe(COUNT);
      expect((db.prepare('select count(distinct dedupeKey) as n from alarmEmail').get() as { n: number }).n).toBe(COUNT);
      expect((db.prepare('select messagesStored as n from mailSource').get() as { n: number }).n).toBe(COUNT);
    } finally {
      db.close();
      product.child.kill('SIGTERM');
    }
  },
  180_000,
);
