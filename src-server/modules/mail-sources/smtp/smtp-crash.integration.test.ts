/**
 * An answered message is a stored message: the product as its own process receives mail over SMTP
 * and is killed with SIGKILL the moment it answers `250` to the last one. After a restart every
 * answered message is there exactly once, and the mail stored raw before the kill is read.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, expect, test, onTestFinished } from 'vitest';
import { PROCESS_ADMIN, killHard, startProductProcess } from '../../../testing/product-process';
import { openSmtpDialogue } from '../../../testing/smtp-dialogue';

const dataDir = mkdtempSync(path.join(tmpdir(), 'energie-smtp-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

test('SIGKILL right after 250: every answered message is stored once, and read after the restart', async () => {
  const port = await freePort();
  const env = { SMTP_LISTEN: String(port), SMTP_LISTEN_HOST: '127.0.0.1', SMTP_DOMAIN: 'alarm.example.nl' };
  let product = await startProductProcess(dataDir, env);
  const { call } = product;
  const { accessToken } = await call('POST', '/auth/login', undefined, PROCESS_ADMIN);
  const org = await call('PUT', '/api/organizations', accessToken, { name: 'Crash' });
  const dashboard = await call('POST', '/api/v1/alarms/dashboards', accessToken, { name: 'Crash', organizationId: org.id });
  const { address } = await call('POST', `/api/v1/alarms/dashboards/${dashboard.id}/mail-addresses`, accessToken, { name: 'Zabbix' });

  const smtp = await openSmtpDialogue(port);
  await smtp.command('EHLO zabbix.example.nl');
  const answered: number[] = [];
  for (let i = 0; i < 20; i++) {
    await smtp.command('MAIL FROM:<zabbix@example.nl>');
    await smtp.command(`RCPT TO:<${address}>`);
    const code = await smtp.data(`From: zabbix@example.nl\r\nSubject: Melding ${i}\r\nMessage-ID: <crash-${i}@example.nl>\r\n\r\nMelding ${i}\r\n`);
    // The last one: killed the moment its 250 arrives, before the reader can have read it.
    if (i === 19) await killHard(product);
    answered.push(code);
  }
  smtp.close();
  expect(answered.every((c) => c === 250)).toBe(true);

  const db = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
  const count = (where = '1 = 1') => (db.prepare(`select count(*) as n from alarmEmail where ${where}`).get() as { n: number }).n;
  onTestFinished(async () => {
    db.close();
    await killHard(product);
  });
  expect(count()).toBe(20);
  product = await startProductProcess(dataDir, env);
  await expect.poll(() => count("contentPending = 0 and subject like 'Melding %'"), { timeout: 30_000, interval: 100 }).toBe(20);
  expect(count()).toBe(20);
  expect((db.prepare('select count(distinct dedupeKey) as n from alarmEmail').get() as { n: number }).n).toBe(20);
}, 90_000);
