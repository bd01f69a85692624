/**
 * Fairness: the time from an IMAP APPEND to the alarm on a quiet dashboard, idle
 * and while a hostile dashboard saturates its share of the parser pool (a backlog of 200 e-mails
 * through five catastrophic regexes and five endless CUSTOM parsers). Goal: busy ≤ 2× idle.
 */
import { connectImap } from '../src-server/modules/mail-sources/imap/imap-fetch';
import { storeIncomingMail } from '../src-server/modules/alarm-emails/alarm-emails.store';
import { startDovecot } from '../src-server/testing/dovecot';
import { dovecotSource, insertAlarmParser } from '../src-server/testing/fixtures';
import { median } from './stats';
import { startBenchServices } from './bench-services';
import { callerOf } from '../src-server/platform/caller';

const USER = { 'stil@example.nl': 'bench-wachtwoord' };
const SAMPLES = 7;
const mail = (subject: string, body = 'Storing') =>
  `From: GBS <gbs@example.nl>\r\nTo: alarm@example.nl\r\nSubject: ${subject}\r\nMessage-ID: <${subject.replace(/\W/g, '-')}-${Math.random()}@example.nl>\r\n\r\n${body}\r\n`;

export async function benchFairness() {
  const dovecot = await startDovecot({ users: USER });
  const { services, stop } = await startBenchServices('fair', { allowPrivateMailHosts: true });
  try {
    const { createDashboard } = await import('../src-server/modules/alarm-dashboards/alarm-dashboards.service');
    const { createSource } = await import('../src-server/modules/mail-sources/mail-sources.service');
    const org = await services.db.insertInto('organization').values({ name: 'Bench', createdAt: 0 }).returning('id').executeTakeFirstOrThrow();
    const admin = callerOf({ user: { id: 0, type: 'admin' as const, email: 'x', fullName: null }, via: 'trpc' });
    const quiet = await createDashboard(services, admin, { name: 'Stil', organizationId: org.id });
    const hostile = await createDashboard(services, admin, { name: 'Vijandig', organizationId: org.id });
    const parser = (dashboardId: number, name: string, type: 'DEFAULT' | 'CUSTOM', body: string, index: number) =>
      insertAlarmParser(services.db, dashboardId, name, type, body, index);
    await parser(quiet.id, 'Alles', 'DEFAULT', JSON.stringify({ line: '{{subject}}' }), 0);
    // Ten runaway parsers: each is switched off after 5 time-outs in a row, so together they hold
    // the pool for about 50 runs of 250-400 ms, longer than the busy samples take.
    for (let i = 0; i < 5; i++) {
      await parser(hostile.id, `Lus ${i}`, 'CUSTOM', 'function parse(email) { while (true) {} }', 2 * i);
      await parser(hostile.id, `Terugzoeken ${i}`, 'DEFAULT', JSON.stringify({ match: { body: '^(a+)+$' }, line: '{{subject}}' }), 2 * i + 1);
    }
    await createSource(services, dovecotSource(dovecot, quiet.id, 'Stil', 'stil@example.nl', 'bench-wachtwoord'));
    await services.jobs.start();
    await services.imapWatchers.start();
    await new Promise((r) => setTimeout(r, 500));
    const appender = connectImap({
      host: dovecot.host,
      port: dovecot.port,
      secure: false,
      username: 'stil@example.nl',
      password: 'bench-wachtwoord',
      inputFolder: 'INBOX',
    });
    await appender.connect();
    const alarms = async () =>
      Number(
        (
          await services.db
            .selectFrom('alarm')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('dashboardId', '=', quiet.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const appendToAlarm = async (i: number) => {
      const before = await alarms();
      const start = performance.now();
      await appender.append('INBOX', mail(`Stil ${i}`));
      while ((await alarms()) === before) await new Promise((r) => setTimeout(r, 5));
      return performance.now() - start;
    };
    const idle: number[] = [];
    for (let i = 0; i < SAMPLES; i++) idle.push(await appendToAlarm(i));
    // The hostile dashboard's backlog: each e-mail costs the pool a time limit per parser.
    const now = Math.floor(Date.now() / 1000);
    for (let i = 0; i < 200; i++)
      await storeIncomingMail(services.db, {
        dashboardId: hostile.id,
        sourceId: null,
        raw: Buffer.from(mail(`Vijandig ${i}`, `${'a'.repeat(40)}!`)),
        storedAt: now,
      });
    void services.events.emit({ kind: 'mail-read' });
    await new Promise((r) => setTimeout(r, 300));
    const hostilePending = async () =>
      Number(
        (
          await services.db
            .selectFrom('alarmEmail')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('dashboardId', '=', hostile.id)
            .where('parsingStatus', '=', 'PENDING')
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Only samples taken while the hostile backlog still waits count as "busy".
    const busy: number[] = [];
    for (let i = 0; i < 3 * SAMPLES && busy.length < SAMPLES && (await hostilePending()) > 0; i++) busy.push(await appendToAlarm(SAMPLES + i));
    await appender.logout();
    const disabled = (await services.db.selectFrom('alarmParser').select('id').where('dashboardId', '=', hostile.id).where('enabled', '=', 0).execute()).length;
    return { idle: median(idle), busy: busy.length ? median(busy) : NaN, busySamples: busy.length, disabled };
  } finally {
    await stop();
    await dovecot.close();
  }
}
