/**
 * Parse pipeline throughput: stored PENDING e-mails → parsed, attempts written and
 * alarms raised or grouped, per second end to end through the `alarm-parse` job, with three
 * DEFAULT parsers (the third matches, a third of the e-mails group). Beside it the sandbox's
 * `runChain` alone over the same e-mails one at a time (the limit it had to beat), and `runChains` alone in
 * batches of 8 as the product hands a backlog over: the database's share is the difference.
 */
import { ALARM_PARSE_JOB } from '../src-server/modules/alarm-parsers/alarm-parsers.jobs';
import { emailForParsing } from '../src-server/modules/alarm-emails/alarm-emails.queries';
import { storeIncomingMail } from '../src-server/modules/alarm-emails/alarm-emails.store';
import { parsersForEmail, toProgram } from '../src-server/modules/alarm-parsers/alarm-parsers.queries';
import { toParserEmail } from '../src-server/modules/alarm-parsers/parser-email';
import { benchAdminCaller, startBenchServices } from './bench-services';

const COUNT = 2000;

export async function benchParsePipeline() {
  const { services, stop } = await startBenchServices('parse');
  try {
    const { db } = services;
    const caller = await benchAdminCaller(services);
    const { id: organizationId } = await db.insertInto('organization').values({ name: 'Bench', createdAt: 0 }).returning('id').executeTakeFirstOrThrow();
    const { id: dashboardId } = await caller.alarmDashboard.create({ name: 'Bench', organizationId });
    const parser = (name: string, config: object) =>
      caller.alarmParser.create({ dashboardId, type: 'DEFAULT', name, enabled: true, sourceId: null, config: config as never });
    await parser('Brandmeldcentrale', { match: { from: 'brandmeldcentrale@' }, line: '{{subject}}' });
    await parser('Meterkast', { match: { subject: '^Storing meterkast' }, line: '{{subject}}' });
    await parser('Warmtepompen', {
      match: { from: 'monitor@warmte', subject: '^Alarm: (?<melding>.+?) op (?<installatie>\\S+)$' },
      line: '{{installatie}}: {{melding}} ({{status}})',
      data: [{ name: 'status', field: 'body', pattern: '^Status:\\s*(.+)$' }],
      priority: [{ field: 'body', pattern: 'kritiek', priority: 'HIGH' }],
      group: { key: '{{installatie}} {{melding}}', windowMinutes: 30 },
    });
    for (let i = 0; i < COUNT; i++) {
      const unit = i % 3 === 0 ? 'WP-1' : `WP-${i}`;
      const raw = Buffer.from(
        `From: Installatiemonitor <monitor@warmte.example.nl>\r\nTo: alarmen@energie.example.nl\r\nSubject: Alarm: Storing compressor op ${unit}\r\nMessage-ID: <${i}@warmte.example.nl>\r\n\r\nInstallatie: ${unit}\r\nStatus: ${i % 2 ? 'kritiek' : 'waarschuwing'}\r\n${'Regel met uitleg over de storing. '.repeat(20)}\r\n`,
      );
      await storeIncomingMail(db, { dashboardId, sourceId: null, raw, storedAt: Math.floor(Date.now() / 1000) });
    }

    // The sandbox alone over the same e-mails (read first, not timed).
    const rows = await parsersForEmail(db, dashboardId, null);
    const programs = rows.map(toProgram);
    const emails = [];
    for (let id = 1; id <= COUNT; id++) emails.push(toParserEmail((await emailForParsing(db, id))!));
    await services.sandbox.runChain(programs, emails[0]!);
    let start = performance.now();
    for (const email of emails) await services.sandbox.runChain(programs, email);
    const sandboxRate = COUNT / ((performance.now() - start) / 1000);
    // The product hands a backlog to a worker 8 e-mails at a time: the same batches alone, beside it.
    start = performance.now();
    for (let i = 0; i < emails.length; i += 8) await services.sandbox.runChains(programs, emails.slice(i, i + 8));
    const batchedRate = COUNT / ((performance.now() - start) / 1000);

    start = performance.now();
    await services.jobs.runNow(ALARM_PARSE_JOB);
    const pipelineRate = COUNT / ((performance.now() - start) / 1000);
    const { n: alarms } = await db
      .selectFrom('alarm')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const { n: pending } = await db
      .selectFrom('alarmEmail')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('parsingStatus', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    if (pending !== 0) throw new Error(`${pending} e-mails were left PENDING.`);
    return { count: COUNT, pipelineRate, sandboxRate, batchedRate, alarms };
  } finally {
    await stop();
  }
}
