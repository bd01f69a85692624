/**
 * Recovery e-mails on mails shaped like real monitoring tools':
 * a recovery resolves exactly the open alarms of its key, says how many on its attempt, resolves
 * nothing (and loses nothing) when it comes first, and a dry run only tells what it would resolve.
 */
import { describe, expect, test } from 'vitest';
import type * as v from 'valibot';
import type { parserConfigSchema } from '@/domain/alarm-parser';
import { parsingStatusLabel } from '@/domain/alarm-email';
import { createAlarmWorld, type AlarmWorld } from '../../testing/alarm-world';
import { addCustomParser, addDefaultParser, alarmsIn, attempts, deliver, drain, email, rawMail } from './parser-test-kit';

type Config = v.InferInput<typeof parserConfigSchema>;

/** The README's example: Nagios and Icinga 2 share the notification subject. */
const NAGIOS: Config = {
  match: { subject: '^\\*\\* (?<type>PROBLEM|RECOVERY) Service Alert: (?<host>[^/]+)/(?<service>.+) is (?<state>\\w+) \\*\\*$' },
  line: '{{host}}/{{service}} is {{state}}',
  priority: [{ field: 'subject', pattern: 'is CRITICAL', priority: 'HIGH' }],
  group: { key: '{{host}}/{{service}}', windowMinutes: 1440 },
  recovery: { field: 'subject', pattern: '^\\*\\* RECOVERY' },
};
const nagios = (type: 'PROBLEM' | 'RECOVERY', host: string, state: string) =>
  rawMail(
    `** ${type} Service Alert: ${host}/HTTP is ${state} **`,
    `***** Nagios *****\n\nNotification Type: ${type}\n\nService: HTTP\nHost: ${host}\nAddress: 10.0.0.1\nState: ${state}\n\nInfo:\nHTTP ${state}: HTTP/1.1 503 Service Unavailable`,
    'Nagios <nagios@monitoring.example>',
  );

/** Zabbix's default media templates: the problem's event id names it in both mails. */
const ZABBIX: Config = {
  match: { subject: '^(Problem|Resolved( in [^:]+)?): ', body: '^Original problem ID: (?<eventid>\\d+)' },
  line: '{{host}}: {{problem}}',
  data: [
    { name: 'host', field: 'body', pattern: '^Host: (.+)$' },
    { name: 'problem', field: 'body', pattern: '^Problem name: (.+)$' },
  ],
  group: { key: 'zabbix:{{eventid}}', windowMinutes: 10_080 },
  recovery: { field: 'subject', pattern: '^Resolved' },
};
const zabbix = (resolved: boolean, eventId: number, host: string) =>
  rawMail(
    resolved ? `Resolved in 12m 3s: High CPU utilization on ${host}` : `Problem: High CPU utilization on ${host}`,
    `${resolved ? 'Problem has been resolved at 10:12:03 on 2026.11.25' : 'Problem started at 10:00:00 on 2026.11.25'}\nProblem name: High CPU utilization\nHost: ${host}\nSeverity: Warning\nOperational data: 94 %\nOriginal problem ID: ${eventId}`,
    'Zabbix <zabbix@monitoring.example>',
  );

/** A PV inverter portal, in Dutch and in English; the inverter and the fault name the alarm. */
const INVERTER_NL: Config = {
  match: { subject: '^Storing (opgeheven )?omvormer (?<inverter>\\S+): (?<fault>.+)$' },
  line: 'Omvormer {{inverter}}: {{fault}}',
  group: { key: '{{inverter}}:{{fault}}', windowMinutes: 1440 },
  recovery: { field: 'subject', pattern: '^Storing opgeheven' },
};
const inverterNl = (cleared: boolean, inverter: string, fault: string) =>
  rawMail(
    `Storing ${cleared ? 'opgeheven ' : ''}omvormer ${inverter}: ${fault}`,
    `Installatie: Zonnepark De Hoeve\nOmvormer: ${inverter}\nStatus: ${cleared ? 'In bedrijf' : 'Storing'}\nMelding: ${fault}`,
    'Sunny Portal <noreply@sunnyportal.example>',
  );
const INVERTER_EN: Config = {
  match: { subject: '^Inverter fault( cleared)?: (?<inverter>INV-\\d+) (?<fault>.+)$' },
  line: '{{inverter}}: {{fault}}',
  group: { key: '{{inverter}} {{fault}}', windowMinutes: 1440 },
  recovery: { field: 'body', pattern: '^Status: Normal' },
};
const inverterEn = (cleared: boolean, inverter: string, fault: string) =>
  rawMail(
    `Inverter fault${cleared ? ' cleared' : ''}: ${inverter} ${fault}`,
    `Plant: Solar Farm North\nDevice: ${inverter}\nAlarm: ${fault}\nStatus: ${cleared ? 'Normal' : 'Fault'}`,
    'FusionSolar <alarm@fusionsolar.example>',
  );

const deliverAll = async (w: AlarmWorld, ...mails: Buffer[]) => {
  const ids = [];
  for (const raw of mails) ids.push(await deliver(w, raw));
  await drain(w);
  return ids;
};

describe('a recovery resolves exactly the alarm of its key', () => {
  test.each([
    [
      'Nagios/Icinga',
      NAGIOS,
      nagios('PROBLEM', 'srv1', 'CRITICAL'),
      nagios('PROBLEM', 'srv2', 'WARNING'),
      nagios('RECOVERY', 'srv1', 'OK'),
      'srv1/HTTP is CRITICAL',
    ],
    ['Zabbix', ZABBIX, zabbix(false, 4711, 'web01'), zabbix(false, 4712, 'web02'), zabbix(true, 4711, 'web01'), 'web01: High CPU utilization'],
    [
      'a PV inverter (Dutch)',
      INVERTER_NL,
      inverterNl(false, 'SMA-01', 'Netspanning te hoog'),
      inverterNl(false, 'SMA-02', 'Netspanning te hoog'),
      inverterNl(true, 'SMA-01', 'Netspanning te hoog'),
      'Omvormer SMA-01: Netspanning te hoog',
    ],
    [
      'a PV inverter (English)',
      INVERTER_EN,
      inverterEn(false, 'INV-7', 'Grid Loss'),
      inverterEn(false, 'INV-7', 'Isolation Fault'),
      inverterEn(true, 'INV-7', 'Grid Loss'),
      'INV-7: Grid Loss',
    ],
  ])('%s: problem, another problem, recovery', async (_, config, problem, other, recovery, line) => {
    const w = await createAlarmWorld();
    await addDefaultParser(w, { name: 'Monitoring', config });
    await deliverAll(w, problem, other);
    const [target, bystander] = await alarmsIn(w, w.foldersA.inbox);
    expect(target).toMatchObject({ line, resolvedAt: null });

    const [recoveryId] = await deliverAll(w, recovery);
    expect(await alarmsIn(w, w.foldersA.inbox)).toEqual([expect.objectContaining({ id: bystander!.id, resolvedAt: null })]);
    const resolved = await w.callers.admin.alarm.get({ alarmId: target!.id });
    expect(resolved).toMatchObject({ folderId: w.foldersA.done, resolution: { by: 'RECOVERY', alarmEmailId: recoveryId } });
    expect(resolved.resolvedAt).not.toBeNull();
    expect(await attempts(w, recoveryId!)).toEqual([expect.objectContaining({ type: 'MATCHED', resolved: 1 })]);
    expect(await email(w, recoveryId!)).toMatchObject({ parsingStatus: 'MATCHED' });
    // The recovery is no alarm of its own.
    expect(await alarmsIn(w, w.foldersA.done)).toHaveLength(1);
    const history = await w.callers.admin.alarm.history({ alarmId: target!.id });
    expect(history.at(-1)).toMatchObject({ event: 'resolved', actor: { type: 'EMAIL', id: recoveryId }, details: { by: 'RECOVERY' } });
  });
});

describe('edges', () => {
  test('a recovery before its problem resolves 0, and the later problem still raises', async () => {
    const w = await createAlarmWorld();
    await addDefaultParser(w, { name: 'Nagios', config: NAGIOS });
    const [early] = await deliverAll(w, nagios('RECOVERY', 'srv1', 'OK'));
    expect(await attempts(w, early!)).toEqual([expect.objectContaining({ type: 'MATCHED', resolved: 0 })]);
    expect(await email(w, early!)).toMatchObject({ parsingStatus: 'MATCHED' });
    await deliverAll(w, nagios('PROBLEM', 'srv1', 'CRITICAL'));
    expect(await alarmsIn(w, w.foldersA.inbox)).toEqual([expect.objectContaining({ line: 'srv1/HTTP is CRITICAL', resolvedAt: null })]);
  });

  test('a recovery acts once: re-parsed after a new problem, it leaves the new alarm open', async () => {
    const w = await createAlarmWorld();
    await addDefaultParser(w, { name: 'Nagios', config: NAGIOS });
    await deliverAll(w, nagios('PROBLEM', 'srv1', 'CRITICAL'));
    const [recovery] = await deliverAll(w, nagios('RECOVERY', 'srv1', 'OK'));
    await deliverAll(w, nagios('PROBLEM', 'srv1', 'CRITICAL'));
    await w.callers.installerA.alarmEmail.reparse({ emailId: recovery! });
    expect((await attempts(w, recovery!)).map((a) => a.resolved)).toEqual([1, 0]);
    expect(await alarmsIn(w, w.foldersA.inbox)).toEqual([expect.objectContaining({ line: 'srv1/HTTP is CRITICAL', resolvedAt: null })]);
  });

  test('two recoveries at once: the first resolves the alarm, the second resolves 0', async () => {
    const w = await createAlarmWorld();
    await addDefaultParser(w, { name: 'Nagios', config: NAGIOS });
    await deliverAll(w, nagios('PROBLEM', 'srv1', 'CRITICAL'), nagios('PROBLEM', 'srv1', 'CRITICAL'));
    expect(await alarmsIn(w, w.foldersA.inbox)).toEqual([expect.objectContaining({ occurrences: 2 })]);
    const [first, second] = await deliverAll(w, nagios('RECOVERY', 'srv1', 'OK'), nagios('RECOVERY', 'srv1', 'OK'));
    expect((await attempts(w, first!))[0]).toMatchObject({ resolved: 1 });
    expect((await attempts(w, second!))[0]).toMatchObject({ resolved: 0 });
    expect(await alarmsIn(w, w.foldersA.inbox)).toEqual([]);
    expect(await alarmsIn(w, w.foldersA.done)).toHaveLength(1);
  });

  test('a CUSTOM parser groups by the key it returns and resolves with {resolve: key}', async () => {
    const w = await createAlarmWorld();
    await addCustomParser(
      w,
      'Nagios-code',
      `function parse(email) {
        const m = /^\\*\\* (PROBLEM|RECOVERY) Service Alert: (\\S+) is (\\w+)/.exec(email.subject);
        if (!m) return null;
        if (m[1] === 'RECOVERY') return { resolve: m[2] };
        return { line: m[2] + ' is ' + m[3], key: m[2], priority: 'HIGH' };
      }`,
    );
    await deliverAll(w, nagios('PROBLEM', 'srv1', 'CRITICAL'), nagios('PROBLEM', 'srv1', 'CRITICAL'), nagios('PROBLEM', 'srv2', 'CRITICAL'));
    const [srv1, srv2] = await alarmsIn(w, w.foldersA.inbox);
    expect(srv1).toMatchObject({ key: 'srv1/HTTP', occurrences: 2 });
    const [recovery] = await deliverAll(w, nagios('RECOVERY', 'srv1', 'OK'));
    expect((await attempts(w, recovery!))[0]).toMatchObject({ type: 'MATCHED', resolved: 1 });
    expect(await alarmsIn(w, w.foldersA.inbox)).toEqual([expect.objectContaining({ id: srv2!.id })]);
  });

  test('recovery without group is refused on save with a Dutch message on recovery', async () => {
    const w = await createAlarmWorld();
    const res = await w.h.request(`/api/v1/alarms/dashboards/${w.dashA.id}/alarm-email-parsers`, {
      method: 'POST',
      token: w.tokens.admin,
      json: { type: 'DEFAULT', name: 'Zonder sleutel', config: { line: 'x', recovery: { field: 'subject', pattern: 'RECOVERY' } } },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fieldErrors: Record<string, string[]> } };
    expect(body.error.fieldErrors['config.recovery']?.[0]).toMatch(/groeperingssleutel/);
    expect(await w.callers.admin.alarmParser.list({ dashboardId: w.dashA.id })).toEqual([]);
  });

  test('a dry run (saved and unsaved) names the open alarms it would resolve and resolves none', async () => {
    const w = await createAlarmWorld();
    const parser = await addDefaultParser(w, { name: 'Nagios', config: NAGIOS });
    await deliverAll(w, nagios('PROBLEM', 'srv1', 'CRITICAL'));
    const [alarm] = await alarmsIn(w, w.foldersA.inbox);
    const emailId = await deliver(w, nagios('RECOVERY', 'srv1', 'OK'));
    const expected = { type: 'MATCHED', resolve: { key: 'srv1/HTTP', alarms: [{ id: alarm!.id, line: 'srv1/HTTP is CRITICAL' }] } };
    expect(await w.callers.admin.alarmParser.dryRun({ parserId: parser.id, emailId })).toEqual(expected);
    const draft = { type: 'DEFAULT' as const, name: 'Concept', enabled: true, sourceId: null, config: NAGIOS };
    expect(await w.callers.admin.alarmParser.dryRunDraft({ dashboardId: w.dashA.id, emailId, parser: draft })).toEqual(expected);
    expect(await alarmsIn(w, w.foldersA.inbox)).toHaveLength(1);
    expect(await email(w, emailId)).toMatchObject({ parsingStatus: 'PENDING' });
  });

  test('a dry run of a recovery parser keyed by {{subject}} warns in Dutch that nothing will resolve, and proposes {{host}}/{{service}}', async () => {
    const w = await createAlarmWorld();
    await addDefaultParser(w, { name: 'Nagios', config: NAGIOS });
    await deliverAll(w, nagios('PROBLEM', 'srv1', 'CRITICAL'));
    const emailId = await deliver(w, nagios('RECOVERY', 'srv1', 'OK'));
    const trapped = { ...NAGIOS, group: { key: '{{subject}}', windowMinutes: 1440 } };
    const draft = { type: 'DEFAULT' as const, name: 'Concept', enabled: true, sourceId: null, config: trapped };
    const result = await w.callers.admin.alarmParser.dryRunDraft({ dashboardId: w.dashA.id, emailId, parser: draft });
    // The recovery's own subject is its key: the open PROBLEM alarm is not among those it would resolve.
    expect(result.resolve?.alarms).toEqual([]);
    expect(result.warnings).toEqual([expect.stringMatching(/nooit iets op.*\{\{host\}\}\/\{\{service\}\}/)]);
    // The right key carries no warning.
    const fine = await w.callers.admin.alarmParser.dryRunDraft({ dashboardId: w.dashA.id, emailId, parser: { ...draft, config: NAGIOS } });
    expect(fine.warnings).toBeUndefined();
  });

  test('the inbox calls a recovery mail a Herstelmelding with how many alarms it resolved, not "Alarm gemaakt"', async () => {
    const w = await createAlarmWorld();
    await addDefaultParser(w, { name: 'Nagios', config: NAGIOS });
    const [problemId] = await deliverAll(w, nagios('PROBLEM', 'srv1', 'CRITICAL'));
    const [recoveryId] = await deliverAll(w, nagios('RECOVERY', 'srv1', 'OK'));
    const list = (await w.callers.admin.alarmEmail.list({ dashboardId: w.dashA.id, page: 0, size: 20, sort: 'receivedAt,asc' })).emails;
    expect(list.map((e) => [e.id, parsingStatusLabel(e.parsingStatus, e.signal)])).toEqual([
      [problemId, 'Alarm gemaakt'],
      [recoveryId, 'Herstelmelding (1 opgelost)'],
    ]);
    expect((await email(w, recoveryId!)).signal).toEqual({ type: 'RECOVERY', resolved: 1 });
  });
});
