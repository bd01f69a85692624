import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, onTestFinished } from 'vitest';
import { storeIncomingMail, storeIncomingMails } from '../../alarm-emails/alarm-emails.store';
import { createAlarmWorld } from '../../../testing/alarm-world';
import { type TestDovecot, dovecotAvailable, startDovecot } from '../../../testing/dovecot';
import { mailWithAttachment } from '../../../testing/fixtures';
import { startHttpServer, startTcpServer } from '../../../testing/tcp-servers';
import { type ImapCursor, NO_IMAP_SERVER, connectImap, describeImapError, fetchNewMessages } from './imap-fetch';

const available = dovecotAvailable();
const USER = 'alarm@example.nl';
const PASSWORD = 'geheim-wachtwoord';
let dovecot: TestDovecot;
beforeAll(async () => {
  if (available) dovecot = await startDovecot({ users: { [USER]: PASSWORD } });
});
afterAll(() => dovecot?.close());

const settings = (folder = 'INBOX', password = PASSWORD) => ({
  host: dovecot.host,
  port: dovecot.port,
  secure: false,
  username: USER,
  password,
  inputFolder: folder,
});
const message = (n: number, messageId: string | null = `<alarm-${n}@bms.example.nl>`) =>
  [
    `From: GBS <gbs@bms.example.nl>`,
    `To: ${USER}`,
    `Subject: Storing ${n}`,
    ...(messageId ? [`Message-ID: ${messageId}`] : []),
    'Date: Mon, 23 Nov 2026 10:00:00 +0100',
    '',
    `Storing ${n} in zone ${n}`,
    '',
  ].join('\r\n');

/** A world with a source row; `run()` fetches like the job does: store with the cursor in one transaction. */
async function mailboxWorld(folder: string) {
  const w = await createAlarmWorld();
  const { id: sourceId } = await w.h.db
    .insertInto('mailSource')
    .values({
      dashboardId: w.dashA.id,
      name: 'GBS',
      type: 'IMAP',
      folderId: null,
      imapHost: dovecot.host,
      imapPort: dovecot.port,
      imapSecure: 0,
      imapUsername: USER,
      imapInputFolder: folder,
      clientId: null,
      tenantId: null,
      sharedMailbox: null,
      inputFolder: null,
      readCategory: null,
      secret: null,
      uidValidity: null,
      lastCheckedAt: null,
      lastError: null,
      nextAttemptAt: null,
      createdAt: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cursor = async (): Promise<ImapCursor> =>
    w.h.db.selectFrom('mailSource').select(['uidValidity', 'lastUid']).where('id', '=', sourceId).executeTakeFirstOrThrow();
  /** Fetches and stores each batch with its cursor; `failAfter` batches stored, the next one's transaction fails at its end. */
  const run = async (failAfter = Infinity) => {
    const client = connectImap(settings(folder));
    await client.connect();
    let batches = 0;
    try {
      return await fetchNewMessages(client, folder, await cursor(), (messages, next, turn) => {
        const mails = messages.map((m) => ({ dashboardId: w.dashA.id, sourceId, raw: m.raw, storedAt: 0 }));
        return storeIncomingMails(
          w.h.db,
          mails,
          async (trx) => {
            await trx.updateTable('mailSource').set({ uidValidity: next.uidValidity, lastUid: next.lastUid }).where('id', '=', sourceId).execute();
            if (++batches > failAfter) throw new Error('Het proces stopt midden in een batch.');
          },
          { turn },
        ).then(() => undefined);
      });
    } finally {
      await client.logout();
    }
  };
  const deliver = async (raws: string[], mailbox = folder) => {
    const client = connectImap(settings(mailbox));
    await client.connect();
    if (mailbox !== 'INBOX') await client.mailboxCreate(mailbox).catch(() => undefined);
    for (const raw of raws) await client.append(mailbox, raw);
    await client.logout();
  };
  const emails = () => w.h.db.selectFrom('alarmEmail').select(['subject', 'messageId', 'parsingStatus']).orderBy('id').execute();
  return { ...w, sourceId, run, deliver, emails, cursor };
}

describe.runIf(available)('IMAP ingestion against a real Dovecot', () => {
  test('new mail is stored once with its cursor, then flagged seen; a second run stores nothing', async () => {
    const m = await mailboxWorld('Alarmen-1');
    await m.deliver(Array.from({ length: 30 }, (_, i) => message(i)));
    expect((await m.run()).stored).toBe(30);
    expect(await m.emails()).toHaveLength(30);
    expect((await m.emails())[0]).toEqual({ subject: 'Storing 0', messageId: '<alarm-0@bms.example.nl>', parsingStatus: 'PENDING' });
    expect((await m.run()).stored).toBe(0);
    const client = connectImap(settings('Alarmen-1'));
    await client.connect();
    const status = await client.status('Alarmen-1', { unseen: true });
    await client.logout();
    expect(status && status.unseen).toBe(0);
    expect((await m.cursor()).lastUid).toBe(30);
  });

  test('each fetched batch is stored in one transaction with the cursor at its last UID: a failure inside the second keeps the first whole and none of the second', async () => {
    const m = await mailboxWorld('Alarmen-batch');
    await m.deliver(Array.from({ length: 150 }, (_, i) => message(1000 + i)));
    await expect(m.run(1)).rejects.toThrow('Het proces stopt midden in een batch.');
    expect(await m.emails()).toHaveLength(100);
    expect((await m.cursor()).lastUid).toBe(100);
    // The next run starts after the cursor and stores the rest once.
    expect((await m.run()).stored).toBe(50);
    const subjects = (await m.emails()).map((e) => e.subject);
    expect(subjects).toEqual(Array.from({ length: 150 }, (_, i) => `Storing ${1000 + i}`));
    expect((await m.cursor()).lastUid).toBe(150);
  });

  test('each message comes with its INTERNALDATE: the stored e-mail is received then, and stored now', async () => {
    const m = await mailboxWorld('Alarmen-arrival');
    const client = connectImap(settings('Alarmen-arrival'));
    await client.connect();
    await client.mailboxCreate('Alarmen-arrival').catch(() => undefined);
    await client.append('Alarmen-arrival', message(900), [], new Date('2026-11-25T03:15:00Z'));
    const arrivals: (number | null)[] = [];
    const now = Math.floor(Date.now() / 1000);
    await fetchNewMessages(client, 'Alarmen-arrival', await m.cursor(), async (messages, _cursor, turn) => {
      await turn;
      for (const { raw, arrivedAt } of messages) {
        arrivals.push(arrivedAt);
        await storeIncomingMail(m.h.db, { dashboardId: m.dashA.id, sourceId: m.sourceId, raw, storedAt: now, arrivedAt });
      }
    });
    await client.logout();
    expect(arrivals).toEqual([Date.parse('2026-11-25T03:15:00Z') / 1000]);
    const stored = await m.h.db.selectFrom('alarmEmail').select(['receivedAt', 'storedAt']).where('sourceId', '=', m.sourceId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ receivedAt: arrivals[0], storedAt: now });
  });

  test('duplicates: the same Message-ID twice, and identical mail without one, are stored once', async () => {
    const m = await mailboxWorld('Alarmen-2');
    await m.deliver([message(1), message(1), message(2, null), message(2, null), message(3, null)]);
    await m.run();
    expect((await m.emails()).map((e) => e.subject)).toEqual(['Storing 1', 'Storing 2', 'Storing 3']);
  });

  test('a changed UIDVALIDITY rescans the folder without storing anything twice', async () => {
    const m = await mailboxWorld('Alarmen-3');
    await m.deliver([message(1), message(2)]);
    await m.run();
    const before = await m.cursor();
    const client = connectImap(settings('Alarmen-3'));
    await client.connect();
    await client.mailboxDelete('Alarmen-3');
    await client.logout();
    await m.deliver([message(2), message(1), message(4)]);
    const after = await m.run();
    expect(after.uidValidity).not.toBe(before.uidValidity);
    expect((await m.emails()).map((e) => e.subject)).toEqual(['Storing 1', 'Storing 2', 'Storing 4']);
  });

  test('a wrong password and a folder that does not exist give their own Dutch messages', async () => {
    const wrong = connectImap(settings('INBOX', 'fout'));
    const error = await wrong.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(describeImapError(error, settings())).toBe(`De IMAP-server ${dovecot.host}:${dovecot.port} weigert de gebruikersnaam of het wachtwoord.`);
    const m = await mailboxWorld('Bestaat-Niet');
    await expect(m.run()).rejects.toThrow('De map "Bestaat-Niet" bestaat niet op de IMAP-server.');
  });

  test('before an IMAP greeting every failure is the one generic message: a closed, a silent, a garbage and a web port, and TLS to a plain port', async () => {
    const silent = await startTcpServer('');
    const garbage = await startTcpServer('SSH-2.0-OpenSSH_9.6\r\n\x00\x01 garbage\r\n');
    const web = await startHttpServer();
    onTestFinished(async () => {
      await Promise.all([silent.close(), garbage.close(), web.close()]);
    });
    const attempt = async (port: number, secure = false) => {
      const client = connectImap({ ...settings(), port, secure }, { timeoutMs: 500 });
      const error = await client.connect().then(
        () => null,
        (e: unknown) => e,
      );
      client.close();
      return describeImapError(error, { ...settings(), port });
    };
    const answers = await Promise.all([attempt(9), attempt(silent.port), attempt(garbage.port), attempt(web.port), attempt(dovecot.port, true)]);
    expect(answers).toEqual(Array(5).fill(NO_IMAP_SERVER));
  });

  // Beside the checkout (../shared), or where MAIL_CORPUS says (a worktree elsewhere).
  const corpus = process.env.MAIL_CORPUS ?? path.resolve('../shared/data/mail-corpus');
  test.runIf(existsSync(path.join(corpus, 'expected.json')))(
    'the real-world corpus: every message stored once, as many as Python sees, subjects decoded alike',
    async () => {
      const expected = JSON.parse(readFileSync(path.join(corpus, 'expected.json'), 'utf8')) as {
        distinct: number;
        messages: { file: string; subject: string | null; dedupeKey: string }[];
      };
      const m = await mailboxWorld('Corpus');
      const client = connectImap(settings('Corpus'));
      await client.connect();
      await client.mailboxCreate('Corpus');
      for (const { file } of expected.messages) await client.append('Corpus', readFileSync(path.join(corpus, file)));
      await client.logout();
      await m.run();
      const stored = await m.h.db.selectFrom('alarmEmail').select(['dedupeKey', 'subject']).execute();
      expect(stored).toHaveLength(expected.distinct);
      const byKey = new Map(stored.map((s) => [s.dedupeKey, s.subject]));
      const mismatched = expected.messages.filter((e) => e.subject && byKey.has(e.dedupeKey) && byKey.get(e.dedupeKey)?.trim() !== e.subject.trim());
      // Decoders differ on a few broken encodings; the rest must agree.
      expect(mismatched.length, JSON.stringify(mismatched.slice(0, 5).map((e) => [e.file, e.subject, byKey.get(e.dedupeKey)]))).toBeLessThanOrEqual(5);
    },
    120_000,
  );
});

describe.runIf(available)('awkward mail', () => {
  test('an 8 MB attachment, ISO-8859-1 and encoded-word headers, malformed MIME and hostile headers are all stored', async () => {
    const m = await mailboxWorld('Lastig');
    const big = mailWithAttachment(8, '<big@example.nl>');
    const latin1 = Buffer.concat([
      Buffer.from(
        'From: =?ISO-8859-1?Q?Andr=E9_B=F6hm?= <andre@example.nl>\r\nSubject: =?iso-8859-1?q?Storing_w=E4rmtepomp?=\r\nMessage-ID: <latin@example.nl>\r\nContent-Type: text/plain; charset=ISO-8859-1\r\n\r\n',
      ),
      Buffer.from('Temperatuur 5 \xb0C, caf\xe9\r\n', 'latin1'),
    ]);
    const malformed = 'Subject: kapot\r\nMessage-ID: <broken@example.nl>\r\nContent-Type: multipart/mixed\r\n\r\n--nergens\r\nrommel\r\n';
    const hostile =
      'From: "<script>alert(1)</script>" <x@example.nl>\r\nSubject: <img src=x onerror=alert(1)> \u202eRTL\r\nMessage-ID: <hostile@example.nl>\r\nContent-Type: text/html\r\n\r\n<p onclick="x()">hoi</p><script>alert(1)</script><img src="http://tracker.example/p.gif">\r\n';
    await m.deliver([big, latin1.toString('latin1'), malformed, hostile]);
    expect((await m.run()).stored).toBe(4);
    const rows = await m.h.db
      .selectFrom('alarmEmail')
      .select(['messageId', 'subject', 'fromJson', 'text', 'html', 'rawSize', 'parsingStatus'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.messageId)).toEqual(['<big@example.nl>', '<latin@example.nl>', '<broken@example.nl>', '<hostile@example.nl>']);
    expect(rows[0]!.rawSize).toBeGreaterThan(8 * 1024 * 1024);
    expect(rows[1]!.subject).toBe('Storing wärmtepomp');
    expect(JSON.parse(rows[1]!.fromJson)).toEqual([{ address: 'andre@example.nl', name: 'André Böhm' }]);
    expect(rows[2]!.subject).toBe('kapot');
    // Markup stays text (the UI escapes it); the bidi override is dropped.
    expect(rows[3]!.subject).toBe('<img src=x onerror=alert(1)> RTL');
    expect(rows[3]!.html).not.toMatch(/script|onclick|tracker/);
    expect(rows.every((r) => r.parsingStatus === 'PENDING')).toBe(true);
  }, 60_000);
});
