/**
 * The pipeline in the real product process: /healthz stays quick while a hostile
 * CUSTOM parser and a catastrophic DEFAULT regex run, and a SIGKILL while 1,000 PENDING e-mails
 * parse loses and doubles nothing: after a restart each e-mail has one outcome, one set of
 * attempts and at most one alarm, and the occurrences add up to the matched e-mails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, expect, test, onTestFinished } from 'vitest';
import { PARSER_TIME_LIMIT_MS } from '@/domain/alarm-parser';
import { openDatabase } from '../../platform/db/database';
import { PROCESS_ADMIN, type ProductProcess, killHard, startProductProcess } from '../../testing/product-process';
import { storeIncomingMail } from '../alarm-emails/alarm-emails.store';

const V1 = '/api/v1/alarms';
let dataDir: string;
let product: ProductProcess | undefined;

afterEach(() => {
  product?.child.kill('SIGTERM');
  product = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

/** Node 20 has no Map.groupBy. */
function groupBy<T, K>(items: T[], key: (item: T) => K) {
  const out = new Map<K, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

/** Starts the product on a fresh DATA_DIR with a dashboard and these parsers; answers its id and inbox. */
async function productWith(parsers: object[]) {
  dataDir = mkdtempSync(path.join(tmpdir(), 'energie-parse-'));
  product = await startProductProcess(dataDir);
  const { call } = product;
  const { accessToken } = await call('POST', '/auth/login', undefined, PROCESS_ADMIN);
  const org = await call('PUT', '/api/organizations', accessToken, { name: 'Parse' });
  const dashboard = await call('POST', `${V1}/dashboards`, accessToken, { name: 'Parse', organizationId: org.id });
  for (const parser of parsers) {
    const created = await call('POST', `${V1}/dashboards/${dashboard.id}/alarm-email-parsers`, accessToken, parser);
    expect(created.id, JSON.stringify(created)).toBeTypeOf('number');
  }
  return { dashboardId: dashboard.id as number, file: path.join(dataDir, 'app.db') };
}

/** Stores e-mails into the product's database file from this process, as a mail source would. */
async function storeMail(file: string, dashboardId: number, subjects: string[], body = 'Status: storing') {
  const db = openDatabase(file);
  try {
    for (const [i, subject] of subjects.entries()) {
      const raw = Buffer.from(`From: GBS <gbs@example.nl>\r\nSubject: ${subject}\r\nMessage-ID: <m-${i}@example.nl>\r\n\r\n${body}\r\n`);
      await storeIncomingMail(db, { dashboardId, sourceId: null, raw, storedAt: 1_790_000_000 + i });
    }
  } finally {
    await db.destroy();
  }
}

test('/healthz keeps answering while a hostile CUSTOM parser and a catastrophic DEFAULT regex run: never held for a parser run, typically at once', async () => {
  const { dashboardId, file } = await productWith([
    { type: 'CUSTOM', name: 'Lus', code: 'function parse(email) { while (true) {} }' },
    { type: 'DEFAULT', name: 'Terugzoeken', config: { match: { body: '^(a+)+$' }, line: '{{subject}}' } },
  ]);
  await storeMail(
    file,
    dashboardId,
    Array.from({ length: 4 }, (_, i) => `Vijandig ${i}`),
    `${'a'.repeat(40)}!`,
  );
  const reader = new SQLite(file, { readonly: true });
  onTestFinished(() => {
    reader.close();
  });
  const pending = () => (reader.prepare(`select count(*) as n from alarmEmail where parsingStatus = 'PENDING'`).get() as { n: number }).n;
  const samples: number[] = [];
  while (pending() > 0) {
    const started = performance.now();
    const res = await fetch(`${product!.url}/healthz`);
    samples.push(performance.now() - started);
    expect(res.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const attempts = reader.prepare(`select parserName, type, exceptionType from parsingAttempt order by id`).all() as { parserName: string; type: string }[];
  expect(attempts).toHaveLength(8);
  expect(attempts.every((a) => a.type === 'FAILED')).toBe(true);
  // The parsers ran while we asked: several seconds of limits (250 ms each plus the watchdog's grace).
  expect(samples.length).toBeGreaterThan(20);
  // A main thread held by a parser would hold an answer for most of a run (≥ 250 ms, asked every
  // 20 ms), once per run, and there are eight runs. A loaded test machine may stall one or two
  // answers that long (seen: 860 ms once, with other test runs beside it), not one per run; the
  // median stays quick.
  const held = samples.filter((ms) => ms >= 0.8 * PARSER_TIME_LIMIT_MS);
  expect(held.length, `answers of ${0.8 * PARSER_TIME_LIMIT_MS} ms or more: ${held.map(Math.round).join(', ')}`).toBeLessThan(4);
  const sorted = [...samples].sort((a, b) => a - b);
  expect(sorted[Math.floor(sorted.length / 2)]!).toBeLessThan(50);
}, 90_000);

test('SIGKILL while 1,000 PENDING e-mails parse, restart: each e-mail has exactly one outcome and at most one alarm', async () => {
  const COUNT = 1000;
  const { dashboardId, file } = await productWith([
    {
      type: 'DEFAULT',
      name: 'Omvormer',
      config: { match: { subject: '^Omvormer (?<nr>\\d+)' }, line: 'Omvormer {{nr}}', group: { key: 'omvormer-{{nr}}', windowMinutes: 10080 } },
    },
    { type: 'DEFAULT', name: 'Pomp', config: { match: { subject: '^Pomp' }, line: '{{subject}}' } },
    { type: 'DEFAULT', name: 'Ketel', config: { match: { subject: '^Ketel' }, line: '{{subject}}' } },
  ]);
  // A third group into ten alarms, a third become their own alarm, a third match nothing.
  const kinds = Array.from({ length: COUNT }, (_, i) => (['group', 'own', 'none'] as const)[i % 3]!);
  const subjects = kinds.map((kind, i) => (kind === 'group' ? `Omvormer ${i % 10} offline` : kind === 'own' ? `Pomp ${i} storing` : `Nieuwsbrief ${i}`));
  // Stored while the product is down, so the whole queue waits when it starts.
  await killHard(product!);
  await storeMail(file, dashboardId, subjects);

  product = await startProductProcess(dataDir);
  const reader = new SQLite(file, { readonly: true });
  const done = () => (reader.prepare(`select count(*) as n from alarmEmail where parsingStatus != 'PENDING'`).get() as { n: number }).n;
  onTestFinished(() => {
    reader.close();
  });
  await expect.poll(done, { timeout: 60_000, interval: 5 }).toBeGreaterThan(50);
  await killHard(product);
  expect(done()).toBeLessThan(COUNT);

  product = await startProductProcess(dataDir);
  await expect.poll(done, { timeout: 120_000, interval: 200 }).toBe(COUNT);

  const emails = reader.prepare(`select id, subject, parsingStatus as status from alarmEmail order by id`).all() as {
    id: number;
    subject: string;
    status: string;
  }[];
  const attempts = reader.prepare(`select emailId, parserName, type, timestamp from parsingAttempt order by id`).all() as {
    emailId: number;
    parserName: string;
    type: string;
    timestamp: number;
  }[];
  const alarms = reader.prepare(`select id, alarmEmailId, occurrences from alarm`).all() as { id: number; alarmEmailId: number; occurrences: number }[];
  const byEmail = groupBy(attempts, (a) => a.emailId);
  const want = { group: ['MATCHED', ['Omvormer']], own: ['MATCHED', ['Omvormer', 'Pomp']], none: ['REJECTED', ['Omvormer', 'Pomp', 'Ketel']] } as const;
  for (const [i, email] of emails.entries()) {
    const [status, parsers] = want[kinds[i]!];
    expect(email.status, email.subject).toBe(status);
    // One final run: exactly its parsers once each, written at one moment.
    const own = byEmail.get(email.id) ?? [];
    expect(
      own.map((a) => a.parserName),
      email.subject,
    ).toEqual(parsers);
    expect(new Set(own.map((a) => a.timestamp)).size, email.subject).toBe(1);
  }
  const alarmsPerEmail = groupBy(alarms, (a) => a.alarmEmailId);
  expect([...alarmsPerEmail.values()].every((list) => list.length === 1)).toBe(true);
  // Ten grouped alarms plus one per 'own' e-mail; every matched e-mail counted once.
  expect(alarms).toHaveLength(10 + kinds.filter((k) => k === 'own').length);
  expect(alarms.reduce((sum, a) => sum + a.occurrences, 0)).toBe(emails.filter((e) => e.status === 'MATCHED').length);
}, 240_000);
