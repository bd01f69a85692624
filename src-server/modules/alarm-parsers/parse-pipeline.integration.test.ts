/**
 * The parse pipeline: order, disabled and source-limited parsers, first MATCHED wins,
 * FAILED goes on, no parsers rejects, folder and priority fallbacks, attempts per outcome, re-parse
 * of one and of all rejected e-mails, and grouping windows.
 */
import { describe, expect, test } from 'vitest';
import { addStoringenFolder, createAlarmWorld } from '../../testing/alarm-world';
import { NO_PARSER_REASON } from './parse-pipeline';
import { addCustomParser, addDefaultParser, addMailSource, alarmsIn, attempts, deliver, drain, email, rawMail } from './parser-test-kit';

const V1 = '/api/v1/alarms';

describe('the chain', () => {
  test('parsers run in index order, disabled ones are skipped, the first MATCHED wins and FAILED does not stop the chain', async () => {
    const w = await createAlarmWorld();
    await addCustomParser(w, 'Gooit', 'function parse(e) { throw new TypeError("kapot"); }');
    await addDefaultParser(w, { name: 'Uit', enabled: false, config: { line: 'uit: {{subject}}' } });
    await addDefaultParser(w, { name: 'Ketel', config: { match: { subject: 'ketel' }, line: 'Ketel: {{subject}}' } });
    await addDefaultParser(w, { name: 'Alles', config: { line: 'Vangnet: {{subject}}' } });
    // Inserted at the front: runs first and rejects.
    await addDefaultParser(w, { name: 'Pomp', index: 0, config: { match: { subject: 'pomp' }, line: 'Pomp' } });

    const id = await deliver(w, rawMail('Storing ketel 2'));
    await drain(w);
    const res = await w.h.request(`${V1}/emails/${id}/parsing-attempts`, { token: w.tokens.installerA });
    const list = (await res.json()) as { parser: { name: string } | null; type: string; exceptionType?: string; exceptionMessage?: string; reason?: string }[];
    expect(list.map((a) => [a.parser?.name, a.type])).toEqual([
      ['Pomp', 'REJECTED'],
      ['Gooit', 'FAILED'],
      ['Ketel', 'MATCHED'],
    ]);
    expect(list[0]!.reason).toBeTruthy();
    expect(list[1]).toMatchObject({ exceptionType: 'TypeError' });
    expect(list[1]!.exceptionMessage).toContain('kapot');
    const [alarm] = await alarmsIn(w, w.foldersA.inbox);
    expect(alarm).toMatchObject({ line: 'Ketel: Storing ketel 2', occurrences: 1 });
    expect((await w.callers.admin.alarm.get({ alarmId: alarm!.id })).alarmEmailId).toBe(id);
    expect(await email(w, id)).toMatchObject({ parsingStatus: 'MATCHED' });
    expect((await email(w, id)).parsedAt).not.toBeNull();
  });

  test('no parsers: REJECTED with an attempt that names no parser; none matching: REJECTED with their attempts only', async () => {
    const w = await createAlarmWorld();
    const lonely = await deliver(w, rawMail('Niemand leest mij'));
    await drain(w);
    expect(await email(w, lonely)).toMatchObject({ parsingStatus: 'REJECTED' });
    expect(await attempts(w, lonely)).toMatchObject([{ parser: null, type: 'REJECTED', reason: NO_PARSER_REASON }]);

    await addDefaultParser(w, { name: 'Pomp', config: { match: { subject: 'pomp' }, line: 'Pomp' } });
    const other = await deliver(w, rawMail('Iets anders'));
    await drain(w);
    expect(await email(w, other)).toMatchObject({ parsingStatus: 'REJECTED' });
    expect((await attempts(w, other)).map((a) => [a.parser?.name, a.type])).toEqual([['Pomp', 'REJECTED']]);
    expect(await alarmsIn(w, w.foldersA.inbox)).toEqual([]);
  });

  test('a DEFAULT parser with a source reads only that source’s e-mails; without, every source', async () => {
    const w = await createAlarmWorld();
    const gbs = await addMailSource(w, 'GBS');
    const pv = await addMailSource(w, 'PV');
    await addDefaultParser(w, { name: 'Alleen GBS', sourceId: gbs.id, config: { line: 'GBS: {{subject}}' } });
    const fromPv = await deliver(w, rawMail('Omvormer uit'), { sourceId: pv.id });
    const fromGbs = await deliver(w, rawMail('Ketel uit'), { sourceId: gbs.id });
    await drain(w);
    expect(await attempts(w, fromPv)).toMatchObject([{ parser: null, type: 'REJECTED', reason: NO_PARSER_REASON }]);
    expect(await email(w, fromGbs)).toMatchObject({ parsingStatus: 'MATCHED' });
    expect((await alarmsIn(w, w.foldersA.inbox)).map((a) => a.line)).toEqual(['GBS: Ketel uit']);
  });

  test('folder: the parser’s, else the source’s, else the default; a parser folder that is gone falls back; priority: the rules, else the default', async () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const w = await createAlarmWorld({ clock: () => now });
    const admin = w.callers.admin;
    const storingen = await addStoringenFolder(w);
    const weg = await admin.alarmFolder.create({ dashboardId: w.dashA.id, name: 'weg', label: 'Weg', icon: 'bell', countMode: 'TOTAL', relevant: true });
    const source = await addMailSource(w, 'PV', { folderId: w.foldersA.done });
    await admin.alarmDashboard.defaultPriority({ dashboardId: w.dashA.id, priority: 'LOW' });
    await addDefaultParser(w, {
      name: 'Naar storingen',
      config: { match: { subject: '^A ' }, line: '{{subject}}', folderId: storingen.id, priority: [{ field: 'body', pattern: 'kritiek', priority: 'HIGH' }] },
    });
    await addDefaultParser(w, { name: 'Naar weg', config: { match: { subject: '^B ' }, line: '{{subject}}', folderId: weg.id } });
    await addDefaultParser(w, { name: 'Rest', config: { line: '{{subject}}', deadlineMinutes: 30 } });
    await admin.alarmFolder.delete({ folderId: weg.id });

    await deliver(w, rawMail('A kritiek', 'Status: kritiek'), { sourceId: source.id });
    await deliver(w, rawMail('A gewoon', 'Status: ok'));
    await deliver(w, rawMail('B zonder map'));
    await deliver(w, rawMail('C van de bron'), { sourceId: source.id });
    await deliver(w, rawMail('D zonder bron'));
    await drain(w);

    expect((await alarmsIn(w, storingen.id)).map((a) => [a.line, a.priority])).toEqual([
      ['A kritiek', 'HIGH'],
      ['A gewoon', 'LOW'],
    ]);
    expect((await alarmsIn(w, w.foldersA.done)).map((a) => a.line)).toEqual(['C van de bron']);
    const inbox = await alarmsIn(w, w.foldersA.inbox);
    expect(inbox.map((a) => a.line)).toEqual(['B zonder map', 'D zonder bron']);
    expect(inbox[1]!.deadlineAt).toBe('2026-11-23T10:30:00.000Z');
    expect(inbox[0]!.deadlineAt).toBeNull();
  });

  test('a CUSTOM folder name resolves; an unknown one is a FAILED attempt and the next parser still runs', async () => {
    const w = await createAlarmWorld();
    await addCustomParser(w, 'Map', 'function parse(e) { return { line: "naar " + e.subject, folder: e.subject }; }');
    await addDefaultParser(w, { name: 'Vangnet', config: { line: 'vangnet {{subject}}' } });
    const known = await deliver(w, rawMail('done'));
    const unknown = await deliver(w, rawMail('nergens'));
    await drain(w);
    expect((await alarmsIn(w, w.foldersA.done)).map((a) => a.line)).toEqual(['naar done']);
    expect((await attempts(w, known)).map((a) => a.type)).toEqual(['MATCHED']);
    const failed = await attempts(w, unknown);
    expect(failed.map((a) => [a.parser?.name, a.type])).toEqual([
      ['Map', 'FAILED'],
      ['Vangnet', 'MATCHED'],
    ]);
    expect(failed[0]!.exceptionMessage).toContain("'nergens'");
    expect((await alarmsIn(w, w.foldersA.inbox)).map((a) => a.line)).toEqual(['vangnet nergens']);
  });
});

describe('re-parsing', () => {
  test('one e-mail: synchronous, answers the parsed e-mail; a MATCHED one whose alarm exists keeps that one alarm', async () => {
    const w = await createAlarmWorld();
    const id = await deliver(w, rawMail('Pomp 4 storing'));
    await drain(w);
    expect(await email(w, id)).toMatchObject({ parsingStatus: 'REJECTED' });
    const parser = await addDefaultParser(w, { name: 'Pomp', config: { match: { subject: 'pomp (?<nr>\\d+)' }, line: 'Pomp {{nr}}' } });

    const res = await w.h.request(`${V1}/emails/${id}/reparse`, { method: 'POST', token: w.tokens.installerA });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, parsingStatus: 'MATCHED' });
    expect((await alarmsIn(w, w.foldersA.inbox)).map((a) => [a.line, a.occurrences])).toEqual([['Pomp 4', 1]]);

    // Again, with a changed parser: attempts are added, the alarm stays the one alarm, untouched.
    await w.callers.admin.alarmParser.update({ parserId: parser.id, config: { line: 'Anders' } });
    await w.callers.installerA.alarmEmail.reparse({ emailId: id });
    expect((await alarmsIn(w, w.foldersA.inbox)).map((a) => [a.line, a.occurrences])).toEqual([['Pomp 4', 1]]);
    expect((await attempts(w, id)).map((a) => a.type)).toEqual(['REJECTED', 'MATCHED', 'MATCHED']);

    // Once the alarm is deleted for good, a re-parse makes a new one.
    const [alarm] = await alarmsIn(w, w.foldersA.inbox);
    await w.callers.admin.alarm.delete({ alarmId: alarm!.id });
    await w.callers.admin.alarm.delete({ alarmId: alarm!.id });
    await w.callers.admin.alarmEmail.reparse({ emailId: id });
    expect((await alarmsIn(w, w.foldersA.inbox)).map((a) => a.line)).toEqual(['Anders']);
  });

  test('all REJECTED e-mails of a dashboard: answers how many were queued; the job makes their alarms', async () => {
    const w = await createAlarmWorld();
    await deliver(w, rawMail('Ketel 1'));
    await deliver(w, rawMail('Ketel 2'));
    const other = await deliver(w, rawMail('Ketel B'), { dashboardId: w.dashB.id });
    await drain(w);
    await addDefaultParser(w, { name: 'Ketel', config: { line: '{{subject}}' } });
    const res = await w.h.request(`${V1}/dashboards/${w.dashA.id}/emails/reparse-rejected`, { method: 'POST', token: w.tokens.installerA });
    expect(await res.json()).toEqual({ count: 2 });
    await drain(w);
    expect((await alarmsIn(w, w.foldersA.inbox)).map((a) => a.line)).toEqual(['Ketel 1', 'Ketel 2']);
    expect(await email(w, other)).toMatchObject({ parsingStatus: 'REJECTED' });
    expect(await w.callers.admin.alarmEmail.reparseRejected({ dashboardId: w.dashA.id })).toEqual({ count: 0 });
  });
});

describe('grouping', () => {
  async function groupingWorld() {
    let now = new Date('2026-11-23T10:00:00Z').getTime();
    const w = await createAlarmWorld({ clock: () => new Date(now) });
    await addDefaultParser(w, {
      name: 'Omvormer',
      config: { match: { subject: 'omvormer (?<nr>\\S+)' }, line: 'Omvormer {{nr}} offline', group: { key: 'omvormer-{{nr}}', windowMinutes: 60 } },
    });
    const minutes = (n: number) => (now += n * 60_000);
    return { w, minutes };
  }

  test('a repeat within the window adds an occurrence to the same alarm and makes it unseen; outside the window a new alarm', async () => {
    const { w, minutes } = await groupingWorld();
    await deliver(w, rawMail('Omvormer SE-1 offline'));
    await drain(w);
    const [first] = await alarmsIn(w, w.foldersA.inbox);
    await w.callers.admin.alarm.setSeen({ alarmId: first!.id, seen: true });
    minutes(50);
    const repeat = await deliver(w, rawMail('Omvormer SE-1 offline'));
    await deliver(w, rawMail('Omvormer SE-2 offline'));
    await drain(w);
    expect(await email(w, repeat)).toMatchObject({ parsingStatus: 'MATCHED' });
    expect((await alarmsIn(w, w.foldersA.inbox)).map((a) => [a.id === first!.id, a.line, a.occurrences, a.seen])).toEqual([
      [true, 'Omvormer SE-1 offline', 2, false],
      [false, 'Omvormer SE-2 offline', 1, false],
    ]);
    // The window counts from the last occurrence: 59 minutes after the repeat still joins.
    minutes(59);
    await deliver(w, rawMail('Omvormer SE-1 offline'));
    await drain(w);
    expect((await w.callers.admin.alarm.get({ alarmId: first!.id })).occurrences).toBe(3);
    minutes(61);
    await deliver(w, rawMail('Omvormer SE-1 offline'));
    await drain(w);
    expect((await alarmsIn(w, w.foldersA.inbox)).map((a) => [a.line, a.occurrences])).toEqual([
      ['Omvormer SE-1 offline', 3],
      ['Omvormer SE-2 offline', 1],
      ['Omvormer SE-1 offline', 1],
    ]);
  });

  test('an alarm moved to a folder that is not relevant is not grouped into: a new alarm', async () => {
    const { w, minutes } = await groupingWorld();
    await deliver(w, rawMail('Omvormer SE-1 offline'));
    await drain(w);
    const [first] = await alarmsIn(w, w.foldersA.inbox);
    await w.callers.admin.alarm.setFolder({ alarmId: first!.id, folderId: w.foldersA.done });
    minutes(5);
    await deliver(w, rawMail('Omvormer SE-1 offline'));
    await drain(w);
    expect((await alarmsIn(w, w.foldersA.inbox)).map((a) => a.occurrences)).toEqual([1]);
    expect((await w.callers.admin.alarm.get({ alarmId: first!.id })).occurrences).toBe(1);
  });

  test('a re-parse of a grouped e-mail does not count it twice', async () => {
    const { w, minutes } = await groupingWorld();
    await deliver(w, rawMail('Omvormer SE-1 offline'));
    minutes(1);
    const repeat = await deliver(w, rawMail('Omvormer SE-1 offline'));
    await drain(w);
    await w.callers.admin.alarmEmail.reparse({ emailId: repeat });
    expect((await alarmsIn(w, w.foldersA.inbox)).map((a) => a.occurrences)).toEqual([2]);
  });
});
