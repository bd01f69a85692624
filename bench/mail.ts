/**
 * Mail ingest figures: 1,000 messages of ~5 KB from a private Dovecot through the
 * `mail-fetch` job's path (connect, fetch, gzip, one transaction per batch with its cursor, \Seen,
 * log out) with the mail reader reading them (mailparser, in its worker thread) as they are stored,
 * beside a bare imapflow fetch of the same messages (connect, search, fetch, log out). Two times:
 * until the fetch is done (stored with the cursor: ingest), and until the last one is read too
 * (the same moment unless a batch was stored raw, which the reader then reads).
 * Then the time from an IMAP APPEND to the stored, read e-mail with IDLE.
 */
import { connectImap } from '../src-server/modules/mail-sources/imap/imap-fetch';
import { startDovecot } from '../src-server/testing/dovecot';
import { dovecotSource } from '../src-server/testing/fixtures';
import { startBenchServices } from './bench-services';
import { createEventBus } from '../src-server/platform/events/event-bus';
import { callerOf } from '../src-server/platform/caller';

const COUNT = 1000;
const USER = { 'bench@example.nl': 'bench-wachtwoord' };
const message = (i: number) =>
  `From: GBS <gbs@example.nl>\r\nTo: alarm@example.nl\r\nSubject: Storing ${i}\r\nMessage-ID: <bench-${i}@example.nl>\r\nDate: Mon, 23 Nov 2026 10:00:00 +0100\r\n\r\n${`Zone ${i % 40} temperatuur te laag. `.repeat(140)}\r\n`;

export async function benchMail() {
  const dovecot = await startDovecot({ users: USER });
  // The bench's Dovecot runs on loopback.
  const { services, stop } = await startBenchServices('mail', { allowPrivateMailHosts: true });
  try {
    const settings = {
      host: dovecot.host,
      port: dovecot.port,
      secure: false,
      username: 'bench@example.nl',
      password: 'bench-wachtwoord',
      inputFolder: 'INBOX',
    };
    // The folder is watched: the watcher's first fetch started the mail reader's worker long before the backlog.
    const { warmMailReaders } = await import('../src-server/modules/alarm-emails/mail-reader');
    warmMailReaders();
    const appending = connectImap(settings);
    await appending.connect();
    for (let i = 0; i < COUNT; i++) await appending.append('INBOX', message(i));
    await appending.logout();
    // Baseline: the same messages fetched bare, nothing stored; the same IMAP work as the product's
    // fetch (connect and log in, open the folder, search, fetch the sources in batches, log out).
    let start = performance.now();
    const client = connectImap(settings);
    await client.connect();
    const lock = await client.getMailboxLock('INBOX');
    const uids = (await client.search({ all: true }, { uid: true })) || [];
    let bytes = 0;
    for (let i = 0; i < uids.length; i += 100) {
      for await (const m of client.fetch(uids.slice(i, i + 100).join(','), { uid: true, source: true }, { uid: true })) bytes += m.source?.length ?? 0;
    }
    lock.release();
    await client.logout();
    const bareMs = performance.now() - start;

    const org = await services.db.insertInto('organization').values({ name: 'Bench', createdAt: 0 }).returning('id').executeTakeFirstOrThrow();
    const admin = callerOf({ user: { id: 0, type: 'admin' as const, email: 'x', fullName: null }, via: 'trpc' });
    const { createDashboard } = await import('../src-server/modules/alarm-dashboards/alarm-dashboards.service');
    const { createSource, fetchSource } = await import('../src-server/modules/mail-sources/mail-sources.service');
    const { sourceRow } = await import('../src-server/modules/mail-sources/mail-sources.queries');
    const { createFetchGate, readRawMail } = await import('../src-server/modules/alarm-emails/mail-reading');
    const dashboard = await createDashboard(services, admin, { name: 'Bench', organizationId: org.id });
    // Storing and reading are timed: read mail does not start the parse job here. The reader runs
    // as the mail-read job does: woken by each stored batch, one run at a time.
    const reader = { db: services.db, clock: services.clock, events: createEventBus(), fetches: createFetchGate() };
    let reading: Promise<unknown> = Promise.resolve();
    let readingQueued = false;
    const wakeReading = () => {
      if (readingQueued) return;
      readingQueued = true;
      reading = reading.then(() => {
        readingQueued = false;
        return readRawMail(reader);
      });
    };
    // Stored batches wake this reader (a bus of the bench's own, so the product's reader stays out of it).
    const events = createEventBus();
    events.on('mail-stored', wakeReading);
    const deps = {
      ...services,
      events,
      reading: { readSource: (sourceId: number) => readRawMail(reader, { sourceId }), warm: warmMailReaders, fetches: reader.fetches },
    };
    const source = await createSource(deps, dovecotSource(dovecot, dashboard.id, 'Bench', settings.username, settings.password));
    start = performance.now();
    const cpuStart = process.cpuUsage();
    const { stored } = await fetchSource(deps, (await sourceRow(services.db, source.id))!, { readLater: true });
    const productMs = performance.now() - start;
    const fetchCpu = process.cpuUsage(cpuStart);
    // Until the reader has read the last one.
    while (readingQueued) await reading;
    await reading;
    const readMs = performance.now() - start;
    // CPU of this process (every thread; Dovecot is apart): what the wall-clock times cost when the machine is busy.
    const readCpu = process.cpuUsage(cpuStart);
    const raw = await services.db
      .selectFrom('alarmEmail')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('contentPending', '=', 1)
      .executeTakeFirstOrThrow();
    if (Number(raw.n)) throw new Error(`${raw.n} e-mails were left unread.`);

    // IDLE: append one message at a time and wait until it is stored and read (counting read e-mails
    // on both sides: one stored raw and not yet read is not there for the user).
    await services.imapWatchers.start();
    await new Promise((r) => setTimeout(r, 500));
    const appender = connectImap(settings);
    await appender.connect();
    const latencies: number[] = [];
    for (let i = 0; i < 11; i++) {
      const readCount = async () =>
        Number(
          (
            await services.db
              .selectFrom('alarmEmail')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('contentPending', '=', 0)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await readCount();
      const t = performance.now();
      await appender.append('INBOX', message(COUNT + i));
      for (;;) {
        if ((await readCount()) > before) break;
        await new Promise((r) => setTimeout(r, 5));
      }
      latencies.push(performance.now() - t);
    }
    await appender.logout();
    latencies.sort((a, b) => a - b);
    return {
      count: stored,
      kb: bytes / COUNT / 1024,
      productRate: (stored / productMs) * 1000,
      readRate: (stored / readMs) * 1000,
      bareRate: (COUNT / bareMs) * 1000,
      idleMedianMs: latencies[5]!,
      fetchCpuMs: (fetchCpu.user + fetchCpu.system) / 1000,
      readCpuMs: (readCpu.user + readCpu.system) / 1000,
    };
  } finally {
    await stop();
    await dovecot.close();
  }
}
