/**
 * Real-world alarm e-mails (testdata/): a DEFAULT parser set and one CUSTOM parser each turn the
 * corpus into the expected alarms, delivered through storeIncomingMail; a few also arrive through
 * a real Dovecot and the IMAP source, parsed by the job.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AlarmWorld, addStoringenFolder, createAlarmWorld } from '../../testing/alarm-world';
import { type TestDovecot, dovecotAvailable, startDovecot } from '../../testing/dovecot';
import { connectImap } from '../mail-sources/imap/imap-fetch';
import { addCustomParser, addDefaultParser, deliver, drain } from './parser-test-kit';

const DIR = path.join(import.meta.dirname, 'testdata');
type Expected = { line: string; priority: string; data: Record<string, string>; folder?: string } | { repeats: string } | null;
const expected = JSON.parse(readFileSync(path.join(DIR, 'expected.json'), 'utf8')) as Record<string, Expected>;
const defaultSet = JSON.parse(readFileSync(path.join(DIR, 'default-parsers.json'), 'utf8')) as { name: string; folder?: string; config: object }[];
const customCode = readFileSync(path.join(DIR, 'custom-parser.js'), 'utf8');
const files = readdirSync(DIR).filter((f) => f.endsWith('.eml'));

test('the corpus: at least 20 e-mails, each with an expectation', () => {
  expect(files.length).toBeGreaterThanOrEqual(20);
  expect(files.sort()).toEqual(Object.keys(expected).sort());
});

async function corpusWorld() {
  const w = await createAlarmWorld();
  const storingen = await addStoringenFolder(w);
  return { w, folders: { inbox: w.foldersA.inbox, storingen: storingen.id } as Record<string, number> };
}

const withDefaultSet = async (w: AlarmWorld, folders: Record<string, number>) => {
  for (const p of defaultSet)
    await addDefaultParser(w, { name: p.name, config: { ...p.config, ...(p.folder ? { folderId: folders[p.folder] } : {}) } as never });
};

/** Each e-mail's alarm as the API shows it, or null; `repeats` e-mails share their first e-mail's alarm. */
async function outcome(w: AlarmWorld, emailId: number) {
  const email = await w.callers.admin.alarmEmail.get({ emailId });
  const row = await w.h.db.selectFrom('alarmEmail').select('alarmId').where('id', '=', emailId).executeTakeFirstOrThrow();
  if (email.parsingStatus !== 'MATCHED') return { status: email.parsingStatus, alarm: null };
  const alarm = await w.callers.admin.alarm.get({ alarmId: row.alarmId! });
  return { status: email.parsingStatus, alarm };
}

async function checkCorpus(w: AlarmWorld, folders: Record<string, number>, ids: Map<string, number>, grouping: boolean) {
  for (const [file, want] of Object.entries(expected)) {
    const got = await outcome(w, ids.get(file)!);
    if (want === null) {
      expect(got.status, file).toBe('REJECTED');
      continue;
    }
    expect(got.status, file).toBe('MATCHED');
    if ('repeats' in want) {
      const first = await outcome(w, ids.get(want.repeats)!);
      if (grouping) {
        expect(got.alarm!.id, file).toBe(first.alarm!.id);
        expect(first.alarm!.occurrences, file).toBe(2);
      } else {
        expect(got.alarm!.line, file).toBe(first.alarm!.line);
        expect(got.alarm!.id, file).not.toBe(first.alarm!.id);
      }
      continue;
    }
    expect({ line: got.alarm!.line, priority: got.alarm!.priority, data: got.alarm!.data, folderId: got.alarm!.folderId }, file).toEqual({
      line: want.line,
      priority: want.priority,
      data: want.data,
      folderId: folders[want.folder ?? 'inbox'],
    });
    expect(got.alarm!.alarmEmailId, file).toBe(ids.get(file));
  }
}

describe('through storeIncomingMail', () => {
  for (const [kind, grouping] of [
    ['the DEFAULT parser set', true],
    ['one CUSTOM parser', false],
  ] as const) {
    test(`${kind} turns the corpus into the expected alarms`, async () => {
      const { w, folders } = await corpusWorld();
      if (grouping) await withDefaultSet(w, folders);
      else await addCustomParser(w, 'Alle leveranciers', customCode);
      const ids = new Map<string, number>();
      // The repeat after its first: delivery order is the queue's order.
      for (const file of [...files].sort((a, b) => Number(a === 'priva-repeat.eml') - Number(b === 'priva-repeat.eml')))
        ids.set(file, await deliver(w, readFileSync(path.join(DIR, file))));
      await drain(w);
      await checkCorpus(w, folders, ids, grouping);
    }, 60_000);
  }
});

describe('through a real Dovecot and the IMAP source', () => {
  const available = dovecotAvailable();
  let dovecot: TestDovecot;
  beforeAll(async () => {
    if (available) dovecot = await startDovecot({ users: { 'alarm@example.nl': 'geheim-wachtwoord' } });
  });
  afterAll(() => dovecot?.close());

  test.runIf(available)(
    'e-mails fetched from IMAP become the expected alarms',
    async () => {
      const picked = ['sma-base64.eml', 'siemens-desigo-de.eml', 'solaredge-html.eml', 'zabbix-resolved.eml', 'bmc-no-subject.eml'];
      const client = connectImap({
        host: dovecot.host,
        port: dovecot.port,
        secure: false,
        username: 'alarm@example.nl',
        password: 'geheim-wachtwoord',
        inputFolder: 'INBOX',
      });
      await client.connect();
      for (const file of picked) await client.append('INBOX', readFileSync(path.join(DIR, file)));
      await client.logout();

      const { w, folders } = await corpusWorld();
      await withDefaultSet(w, folders);
      await w.callers.installerA.mailSource.create({
        dashboardId: w.dashA.id,
        name: 'Storingen',
        type: 'IMAP',
        imapHost: dovecot.host,
        imapPort: dovecot.port,
        imapSecure: false,
        imapUsername: 'alarm@example.nl',
        imapPassword: 'geheim-wachtwoord',
        imapInputFolder: 'INBOX',
      });
      const source = (await w.callers.admin.mailSource.list({ dashboardId: w.dashA.id }))[0]!;
      await w.callers.installerA.mailSource.fetchNow({ sourceId: source.id });
      await drain(w);
      const emails = (await w.callers.admin.alarmEmail.list({ dashboardId: w.dashA.id, page: 0, size: 20, sort: 'receivedAt,asc' })).emails;
      expect(emails).toHaveLength(picked.length);
      const bySubject = new Map(emails.map((e) => [e.subject, e.id]));
      const ids = new Map(
        picked.map((file) => {
          const subject = file === 'bmc-no-subject.eml' ? null : readSubject(file);
          return [file, bySubject.get(subject)!];
        }),
      );
      for (const file of picked) {
        const want = expected[file]!;
        const got = await outcome(w, ids.get(file)!);
        if (want === null || 'repeats' in want) expect(got.status, file).toBe('REJECTED');
        else
          expect({ line: got.alarm?.line, priority: got.alarm?.priority, folderId: got.alarm?.folderId }, file).toEqual({
            line: want.line,
            priority: want.priority,
            folderId: folders[want.folder ?? 'inbox'],
          });
      }
    },
    60_000,
  );
});

/** The decoded subject as the store reads it, to find each fetched e-mail. */
const SUBJECTS: Record<string, string> = {
  'sma-base64.eml': 'Sunny Portal: Ereignis STP 10.0 (Dach Süd) - Netzstörung',
  'siemens-desigo-de.eml': 'Störung: Brandschutzklappe BSK-12 geschlossen',
  'solaredge-html.eml': 'SolarEdge Alert: Inverter 7E0A1B2C-9F - Isolation fault',
  'zabbix-resolved.eml': 'Resolved: High CPU utilization on db01',
};
const readSubject = (file: string) => SUBJECTS[file]!;
