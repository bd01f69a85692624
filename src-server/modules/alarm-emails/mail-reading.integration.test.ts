/**
 * The mail reader: mail is read in the reader's worker thread as it is stored, or, stored raw, read
 * afterwards. Until then an e-mail is neither shown nor parsed; the reader writes each e-mail once,
 * however many runs meet it; the `mail-fetch` job's mail ends up read and parsed through the wakes
 * alone.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { dovecotSource, mailWithAttachment } from '../../testing/fixtures';
import { type TestDovecot, dovecotAvailable, startDovecot } from '../../testing/dovecot';
import { NO_PARSER_REASON } from '../alarm-parsers/parse-pipeline';
import { drain } from '../alarm-parsers/parser-test-kit';
import { connectImap } from '../mail-sources/imap/imap-fetch';
import { MAIL_FETCH_JOB } from '../mail-sources/mail-sources.jobs';
import { createSource } from '../mail-sources/mail-sources.service';
import { storeIncomingMails } from './alarm-emails.store';
import { mailReaderDeaths } from './mail-reader';
import { MAIL_READ_JOB } from './alarm-emails.jobs';
import { readRawMail } from './mail-reading';
import { createEventBus } from '../../platform/events/event-bus';

const V1 = '/api/v1/alarms';
const mail = (subject: string, messageId: string | null) =>
  Buffer.from(
    [
      'From: GBS <gbs@example.nl>',
      `Subject: ${subject}`,
      ...(messageId ? [`Message-ID: ${messageId}`] : []),
      'Content-Type: text/plain; charset=utf-8',
      '',
      `${subject} in zone 4`,
      '',
    ].join('\r\n'),
  );

async function storeRaw(w: Awaited<ReturnType<typeof createAlarmWorld>>, raws: Buffer[]) {
  const at = Math.floor(Date.now() / 1000);
  return storeIncomingMails(
    w.h.db,
    raws.map((raw) => ({ dashboardId: w.dashA.id, sourceId: null, raw, storedAt: at })),
    undefined,
    { read: 'raw' },
  );
}

test('an e-mail stored raw is neither shown nor parsed until the reader has read it; then it is, Message-ID and dedupe as mailparser reads them', async () => {
  const w = await createAlarmWorld();
  const [a, b] = await storeRaw(w, [mail('Storing ketel', ' <Ketel-1@Example.nl> '), mail('Storing pomp', null)]);
  // Stored twice: the dedupe key comes from the header block, before anything is read.
  expect((await storeRaw(w, [mail('Storing ketel', '<ketel-1@example.nl>')]))[0]).toEqual({ id: a!.id, duplicate: true, raw: false });
  const rows = await w.h.db.selectFrom('alarmEmail').select(['messageId', 'dedupeKey', 'subject', 'contentPending']).orderBy('id').execute();
  expect(rows).toEqual([
    { messageId: '<Ketel-1@Example.nl>', dedupeKey: 'mid:ketel-1@example.nl', subject: null, contentPending: 1 },
    { messageId: null, dedupeKey: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), subject: null, contentPending: 1 },
  ]);
  const inbox = () => w.callers.admin.alarmEmail.list({ dashboardId: w.dashA.id, page: 0, size: 20 });
  expect((await inbox()).emails).toEqual([]);
  expect((await w.h.request(`${V1}/emails/${a!.id}`, { token: w.tokens.installerA })).status).toBe(404);
  await drain(w);
  expect(await w.h.db.selectFrom('alarmEmail').select('parsingStatus').execute()).toEqual([{ parsingStatus: 'PENDING' }, { parsingStatus: 'PENDING' }]);

  expect(await w.h.jobs.runNow(MAIL_READ_JOB)).toEqual({ read: 2 });
  // Read: shown (the reader woke the parse queue, which may have parsed them already).
  expect((await inbox()).emails.map((e) => e.subject)).toEqual(['Storing pomp', 'Storing ketel']);
  const email = await (await w.h.request(`${V1}/emails/${b!.id}`, { token: w.tokens.installerA })).json();
  expect(email).toMatchObject({ subject: 'Storing pomp', message: 'Storing pomp in zone 4\n', from: [{ address: 'gbs@example.nl', name: 'GBS' }] });
  await drain(w);
  expect((await inbox()).emails.map((e) => e.parsingStatus)).toEqual(['REJECTED', 'REJECTED']);
  expect(await w.callers.admin.alarmEmail.attempts({ emailId: a!.id })).toMatchObject([{ type: 'REJECTED', parser: null, reason: NO_PARSER_REASON }]);
  expect(mailReaderDeaths()).toBe(0);
  await w.h.close();
});

async function storeReading(w: Awaited<ReturnType<typeof createAlarmWorld>>, raws: Buffer[], waitMs: number) {
  const at = Math.floor(Date.now() / 1000);
  return storeIncomingMails(
    w.h.db,
    raws.map((raw) => ({ dashboardId: w.dashA.id, sourceId: null, raw, storedAt: at })),
    undefined,
    { read: 'worker', waitMs },
  );
}

test('mail read in the worker as it is stored is written once, shown at once with its bytes kept; stored again, it is a duplicate', async () => {
  const w = await createAlarmWorld();
  const raws = Array.from({ length: 150 }, (_, i) => mail(`Storing ${i}`, i === 7 ? null : `<w-${i}@example.nl>`));
  // Time enough for a worker that still has to load.
  const results = await storeReading(w, raws, 30_000);
  expect(results.every((r) => !r.duplicate && !r.raw)).toBe(true);
  const rows = await w.h.db
    .selectFrom('alarmEmail')
    .select(['id', 'subject', 'text', 'contentPending', 'parsingStatus', 'rawGzip', 'rawSize'])
    .orderBy('id')
    .execute();
  expect(rows.map((r) => [r.subject, r.text, r.contentPending, r.parsingStatus])).toEqual(
    raws.map((_, i) => [`Storing ${i}`, `Storing ${i} in zone 4\n`, 0, 'PENDING']),
  );
  // The worker gzipped each message's own bytes.
  expect(rows.every((r, i) => gunzipSync(r.rawGzip!).equals(raws[i]!) && r.rawSize === raws[i]!.length)).toBe(true);
  const inbox = await w.callers.admin.alarmEmail.list({ dashboardId: w.dashA.id, page: 0, size: 5 });
  expect(inbox.emails.map((e) => e.subject)).toEqual(['Storing 149', 'Storing 148', 'Storing 147', 'Storing 146', 'Storing 145']);
  // Nothing left for the mail reader.
  expect(await readRawMail({ db: w.h.db, clock: () => new Date(), events: createEventBus() })).toBe(0);
  // The same mail again (a folder scanned after its UIDVALIDITY changed): duplicates, nothing new written.
  const again = await storeReading(w, [raws[3]!, raws[7]!], 30_000);
  expect(again).toEqual([
    { id: rows[3]!.id, duplicate: true, raw: false },
    { id: rows[7]!.id, duplicate: true, raw: false },
  ]);
  expect(
    await w.h.db
      .selectFrom('alarmEmail')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ).toEqual({ n: 150 });
  await w.h.close();
}, 60_000);

test('a batch the worker has not read in time is stored raw, hidden until the mail reader has read it, and written once', async () => {
  const w = await createAlarmWorld();
  const raws = Array.from({ length: 40 }, (_, i) => mail(`Storing ${i}`, `<late-${i}@example.nl>`));
  const results = await storeReading(w, raws, 0);
  expect(results.every((r) => !r.duplicate && r.raw)).toBe(true);
  expect((await w.callers.admin.alarmEmail.list({ dashboardId: w.dashA.id, page: 0, size: 5 })).emails).toEqual([]);
  expect(await readRawMail({ db: w.h.db, clock: () => new Date(), events: createEventBus() })).toBe(40);
  const rows = await w.h.db.selectFrom('alarmEmail').select(['subject', 'contentPending', 'rawGzip']).orderBy('id').execute();
  expect(rows.map((r) => [r.subject, r.contentPending])).toEqual(raws.map((_, i) => [`Storing ${i}`, 0]));
  expect(rows.every((r, i) => gunzipSync(r.rawGzip!).equals(raws[i]!))).toBe(true);
  await w.h.close();
}, 60_000);

test('while the worker is still reading a batch storing stopped waiting for, the next batches are stored raw at once', async () => {
  const w = await createAlarmWorld();
  // 18 MB of attachment: seconds of reading, far longer than storing waits here.
  const slow = Buffer.from(mailWithAttachment(18, '<traag@example.nl>'));
  expect(await storeReading(w, [slow], 50)).toEqual([expect.objectContaining({ raw: true })]);
  // Storing would wait 30 s for the worker; behind the slow message, it does not wait at all.
  const next = [mail('Storing na', '<na-1@example.nl>'), mail('Storing na', '<na-2@example.nl>')];
  expect((await storeReading(w, next, 30_000)).map((r) => r.raw)).toEqual([true, true]);
  expect(await readRawMail({ db: w.h.db, clock: () => new Date(), events: createEventBus() })).toBe(3);
  expect((await w.callers.admin.alarmEmail.list({ dashboardId: w.dashA.id, page: 0, size: 5 })).emails.map((e) => e.subject).sort()).toEqual([
    'Beelden',
    'Storing na',
    'Storing na',
  ]);
  await w.h.close();
}, 60_000);

test('two readers at once (a wake and the job, or two instances) write each e-mail once', async () => {
  const w = await createAlarmWorld();
  await storeRaw(
    w,
    Array.from({ length: 250 }, (_, i) => mail(`Storing ${i}`, `<s-${i}@example.nl>`)),
  );
  const deps = { db: w.h.db, clock: () => new Date(), events: createEventBus() };
  const [first, second] = await Promise.all([readRawMail(deps), readRawMail(deps)]);
  expect(first! + second!).toBe(250);
  const rows = await w.h.db.selectFrom('alarmEmail').select(['subject', 'contentPending', 'parsingStatus']).orderBy('id').execute();
  expect(rows.map((r) => r.subject)).toEqual(Array.from({ length: 250 }, (_, i) => `Storing ${i}`));
  expect(rows.every((r) => r.contentPending === 0 && r.parsingStatus === 'PENDING')).toBe(true);
  expect(await readRawMail(deps)).toBe(0);
  await w.h.close();
});

test('an e-mail that cannot be read becomes REJECTED with a FAILED attempt naming no parser; the others are read, the worker lives on', async () => {
  const w = await createAlarmWorld();
  const [good, bad, after] = await storeRaw(w, [
    mail('Storing 1', '<r-1@example.nl>'),
    mail('Storing 2', '<r-2@example.nl>'),
    mail('Storing 3', '<r-3@example.nl>'),
  ]);
  // Bytes that no longer unzip (a damaged copy of the database, say): reading fails like a message mailparser cannot read.
  await w.h.db
    .updateTable('alarmEmail')
    .set({ rawGzip: Buffer.from('geen gzip') })
    .where('id', '=', bad!.id)
    .execute();
  const deaths = mailReaderDeaths();
  expect(await w.h.jobs.runNow(MAIL_READ_JOB)).toEqual({ read: 3 });
  expect(mailReaderDeaths()).toBe(deaths);
  const rows = await w.h.db.selectFrom('alarmEmail').select(['id', 'subject', 'parsingStatus', 'contentPending']).orderBy('id').execute();
  expect(rows).toEqual([
    { id: good!.id, subject: 'Storing 1', parsingStatus: expect.any(String), contentPending: 0 },
    { id: bad!.id, subject: null, parsingStatus: 'REJECTED', contentPending: 0 },
    { id: after!.id, subject: 'Storing 3', parsingStatus: expect.any(String), contentPending: 0 },
  ]);
  expect(await w.callers.admin.alarmEmail.attempts({ emailId: bad!.id })).toEqual([
    expect.objectContaining({ type: 'FAILED', parser: null, exceptionMessage: expect.stringMatching(/^Het bericht kon niet worden gelezen: /) }),
  ]);
  await w.h.close();
});

test('a message that takes too long to read is a FAILED attempt (TimeLimitExceeded); the mail behind it is read by a fresh worker', async () => {
  const w = await createAlarmWorld();
  const slow = Buffer.from(mailWithAttachment(18, '<slow@example.nl>'));
  const [before, big, after] = await storeRaw(w, [mail('Storing 1', '<t-1@example.nl>'), slow, mail('Storing 3', '<t-3@example.nl>')]);
  const deps = { db: w.h.db, clock: () => new Date(), events: createEventBus() };
  const deaths = mailReaderDeaths();
  expect(await readRawMail({ ...deps, readTimeLimitMs: 100 })).toBe(3);
  expect(mailReaderDeaths()).toBe(deaths);
  const rows = await w.h.db.selectFrom('alarmEmail').select(['id', 'subject', 'parsingStatus']).orderBy('id').execute();
  expect(rows).toEqual([
    { id: before!.id, subject: 'Storing 1', parsingStatus: 'PENDING' },
    { id: big!.id, subject: null, parsingStatus: 'REJECTED' },
    { id: after!.id, subject: 'Storing 3', parsingStatus: 'PENDING' },
  ]);
  expect(await w.callers.admin.alarmEmail.attempts({ emailId: big!.id })).toEqual([
    expect.objectContaining({
      type: 'FAILED',
      parser: null,
      exceptionType: 'TimeLimitExceeded',
      exceptionMessage: 'Het bericht kon niet worden gelezen: het lezen duurde langer dan 0,1 seconden en is afgebroken.',
    }),
  ]);
  await w.h.close();
}, 60_000);

describe.runIf(dovecotAvailable())('through the mail-fetch job', () => {
  let dovecot: TestDovecot;
  beforeAll(async () => {
    dovecot = await startDovecot({ users: { 'gbs@example.nl': 'mailbox-wachtwoord' } });
  });
  afterAll(() => dovecot?.close());

  test('the job stores its mail read in the worker; the wakes parse every message', async () => {
    const w = await createAlarmWorld();
    const settings = { host: '127.0.0.1', port: dovecot.port, secure: false, username: 'gbs@example.nl', password: 'mailbox-wachtwoord', inputFolder: 'INBOX' };
    await createSource(w.h, dovecotSource(dovecot, w.dashA.id, 'GBS', settings.username, settings.password));
    const client = connectImap(settings);
    await client.connect();
    for (let i = 0; i < 300; i++) await client.append('INBOX', mail(`Storing ${i}`, `<job-${i}@example.nl>`));
    await client.logout();
    expect(await w.h.jobs.runNow(MAIL_FETCH_JOB)).toEqual({ stored: 300, failed: 0 });
    let rows: { subject: string | null; parsingStatus: string }[] = [];
    for (let i = 0; i < 200; i++) {
      rows = await w.h.db.selectFrom('alarmEmail').select(['subject', 'parsingStatus']).orderBy('id').execute();
      if (rows.every((r) => r.parsingStatus === 'REJECTED')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(rows.map((r) => [r.subject, r.parsingStatus])).toEqual(Array.from({ length: 300 }, (_, i) => [`Storing ${i}`, 'REJECTED']));
    await w.h.close();
  }, 60_000);
});
