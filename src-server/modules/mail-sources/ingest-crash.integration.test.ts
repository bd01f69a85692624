/**
 * Never losing or doubling mail: the product as its own process ingests 2,000 messages
 * from a real Dovecot, is killed with SIGKILL half-way, restarts, and ends with exactly 2,000, every
 * one read and parsed (mail stored raw but not yet read at the kill included).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, expect, test, onTestFinished } from 'vitest';
import { type TestDovecot, dovecotAvailable, startDovecot } from '../../testing/dovecot';
import { PROCESS_ADMIN, killHard, startProductProcess } from '../../testing/product-process';
import { connectImap } from './imap/imap-fetch';

const available = dovecotAvailable();
const COUNT = 2000;
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

    let product = await startProductProcess(dataDir);
    const { call } = product;
    const { accessToken } = await call('POST', '/auth/login', undefined, PROCESS_ADMIN);
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
    onTestFinished(() => {
      db.close();
      product.child.kill('SIGTERM');
    });
    // The IDLE watcher and the polling job pick the source up within seconds; kill mid-way.
    await expect.poll(stored, { timeout: 30_000, interval: 10 }).toBeGreaterThan(150);
    await killHard(product);
    const atKill = stored();
    expect(atKill).toBeLessThan(COUNT);

    product = await startProductProcess(dataDir);
    await expect.poll(stored, { timeout: 60_000, interval: 200 }).toBe(COUNT);
    // A little longer: nothing more may arrive.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(stored()).toBe(COUNT);
    expect((db.prepare('select count(distinct dedupeKey) as n from alarmEmail').get() as { n: number }).n).toBe(COUNT);
    expect((db.prepare('select messagesStored as n from mailSource').get() as { n: number }).n).toBe(COUNT);
    const done = () =>
      (
        db.prepare("select count(*) as n from alarmEmail where contentPending = 0 and subject like 'Melding %' and parsingStatus <> 'PENDING'").get() as {
          n: number;
        }
      ).n;
    await expect.poll(done, { timeout: 60_000, interval: 200 }).toBe(COUNT);
  },
  180_000,
);
