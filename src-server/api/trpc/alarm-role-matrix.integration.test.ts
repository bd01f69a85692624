/**
 * Who may do what in the alarm area: every alarm procedure called as admin,
 * installer of A, installer of B and customer of A, on organization A's dashboard.
 */
import { expect, test } from 'vitest';
import { type AlarmWorld, createAlarmWorld, unreachableImap } from '../../testing/alarm-world';
import { appRouter } from '../../root-router';
import { storeIncomingMail } from '../../modules/alarm-emails/alarm-emails.store';

type Role = 'admin' | 'installerA' | 'installerB' | 'customerA';
const roles: Role[] = ['admin', 'installerA', 'installerB', 'customerA'];
type Caller = AlarmWorld['callers']['admin'];

/** Each case gets a fresh world with one alarm (`alarm`) in A's inbox. */
const alarmCases: Record<string, (w: AlarmWorld & { alarm: number; source: number; email: number; parser: number }, c: Caller) => Promise<unknown>> = {
  'alarmDashboard.search': (_w, c) => c.alarmDashboard.search({ page: 0, size: 20 }).then((r) => r.dashboards.length),
  'alarmDashboard.get': (w, c) => c.alarmDashboard.get({ dashboardId: w.dashA.id }).then((d) => d.name),
  'alarmDashboard.create': (w, c) => c.alarmDashboard.create({ name: 'Nieuw', organizationId: w.orgA }).then(() => 'ok'),
  'alarmDashboard.rename': (w, c) => c.alarmDashboard.rename({ dashboardId: w.dashA.id, name: 'X' }).then(() => 'ok'),
  'alarmDashboard.delete': (w, c) => c.alarmDashboard.delete({ dashboardId: w.dashA.id }).then(() => 'ok'),
  'alarmDashboard.theme': (w, c) => c.alarmDashboard.theme({ dashboardId: w.dashA.id, ...w.dashA.theme }).then(() => 'ok'),
  'alarmDashboard.defaultPriority': (w, c) => c.alarmDashboard.defaultPriority({ dashboardId: w.dashA.id, priority: 'HIGH' }).then(() => 'ok'),
  'alarmDashboard.defaultFolder': (w, c) => c.alarmDashboard.defaultFolder({ dashboardId: w.dashA.id, folderId: w.foldersA.done! }).then(() => 'ok'),
  'alarmDashboard.resolvedFolder': (w, c) => c.alarmDashboard.resolvedFolder({ dashboardId: w.dashA.id, folderId: w.foldersA.done! }).then(() => 'ok'),
  'alarmDashboard.customizable': (w, c) => c.alarmDashboard.customizable({ dashboardId: w.dashA.id, customizable: false }).then(() => 'ok'),
  'alarmDashboard.branding': (w, c) => c.alarmDashboard.branding({ dashboardId: w.dashA.id, file: null }).then(() => 'ok'),
  'alarmDashboard.users': (w, c) => c.alarmDashboard.users({ dashboardId: w.dashA.id, page: 0, size: 20 }).then((r) => r.users.length),
  'alarmDashboard.user': (w, c) => c.alarmDashboard.user({ dashboardId: w.dashA.id, userId: w.ids.installerA }).then((u) => u.email),
  'alarmDashboard.usersBatch': (w, c) => c.alarmDashboard.usersBatch({ dashboardId: w.dashA.id, userIds: String(w.ids.admin) as never }).then((u) => u.length),
  'alarmFolder.list': (w, c) => c.alarmFolder.list({ dashboardId: w.dashA.id }).then((f) => f.length),
  'alarmFolder.create': (w, c) =>
    c.alarmFolder.create({ dashboardId: w.dashA.id, name: 'nieuw', label: 'Nieuw', icon: 'bell', countMode: 'TOTAL', relevant: true }).then(() => 'ok'),
  'alarmFolder.update': (w, c) => c.alarmFolder.update({ folderId: w.foldersA.inbox!, label: 'Postvak' }).then(() => 'ok'),
  'alarmFolder.delete': (w, c) => c.alarmFolder.delete({ folderId: w.foldersA.trash! }).then(() => 'ok'),
  'alarmFolder.reorder': (w, c) =>
    c.alarmFolder.reorder({ dashboardId: w.dashA.id, folderIds: [w.foldersA.done!, w.foldersA.inbox!, w.foldersA.trash!] }).then(() => 'ok'),
  'alarmFolder.clear': (w, c) => c.alarmFolder.clear({ folderId: w.foldersA.done! }).then(() => 'ok'),
  'alarmFolder.counts': (w, c) => c.alarmFolder.counts({ dashboardId: w.dashA.id }).then((r) => r[0]!.count),
  'alarm.list': (w, c) => c.alarm.list({ folderId: w.foldersA.inbox!, page: 0, size: 20, sort: 'receivedAt,desc' }).then((r) => r.alarms.length),
  'alarm.exportCsv': async (w, c) => {
    let text = '';
    for await (const chunk of await c.alarm.exportCsv({ dashboardId: w.dashA.id, sort: 'receivedAt,desc' })) text += chunk;
    return text.split('\r\n').length;
  },
  'alarm.search': (w, c) => c.alarm.search({ dashboardId: w.dashA.id, page: 0, size: 20, sort: 'receivedAt,desc' }).then((r) => r.alarms.length),
  'alarmView.list': (w, c) => c.alarmView.list({ dashboardId: w.dashA.id }).then((r) => r.length),
  'alarmView.create': (w, c) => c.alarmView.create({ dashboardId: w.dashA.id, name: 'Hoog', filter: { priority: 'HIGH' } }).then(() => 'ok'),
  'alarmView.update': async (w, c) => {
    const { id } = await c.alarmView.create({ dashboardId: w.dashA.id, name: 'Hoog', filter: {} });
    return c.alarmView.update({ viewId: id, name: 'Laag' }).then(() => 'ok');
  },
  'alarmView.delete': async (w, c) => {
    const { id } = await c.alarmView.create({ dashboardId: w.dashA.id, name: 'Hoog', filter: {} });
    return c.alarmView.delete({ viewId: id }).then(() => 'ok');
  },
  'alarm.move': (w, c) => c.alarm.move({ folderId: w.foldersA.done!, alarmIds: String(w.alarm) as never }).then(() => 'ok'),
  'alarm.deleteMany': (w, c) => c.alarm.deleteMany({ folderId: w.foldersA.inbox!, alarmIds: String(w.alarm) as never }).then(() => 'ok'),
  'alarm.create': (w, c) => c.alarm.create({ dashboardId: w.dashA.id, line: 'Telefoon' }).then(() => 'ok'),
  'alarm.get': (w, c) => c.alarm.get({ alarmId: w.alarm }).then((a) => a.line),
  'alarm.delete': (w, c) => c.alarm.delete({ alarmId: w.alarm }).then(() => 'ok'),
  'alarm.setDeadline': (w, c) => c.alarm.setDeadline({ alarmId: w.alarm, deadlineAt: null }).then(() => 'ok'),
  'alarm.setNotes': (w, c) => c.alarm.setNotes({ alarmId: w.alarm, notes: 'n' }).then(() => 'ok'),
  'alarm.setFolder': (w, c) => c.alarm.setFolder({ alarmId: w.alarm, folderId: w.foldersA.done! }).then(() => 'ok'),
  'alarm.setPriority': (w, c) => c.alarm.setPriority({ alarmId: w.alarm, priority: 'LOW' }).then(() => 'ok'),
  'alarm.setSeen': (w, c) => c.alarm.setSeen({ alarmId: w.alarm, seen: true }).then(() => 'ok'),
  'alarm.assignees': (w, c) => c.alarm.assignees({ alarmId: w.alarm }).then((u) => u.length),
  'alarm.assign': (w, c) => c.alarm.assign({ alarmId: w.alarm, userId: w.ids.installerA }).then(() => 'ok'),
  'alarm.acknowledge': (w, c) => c.alarm.acknowledge({ alarmId: w.alarm }).then(() => 'ok'),
  'alarm.acknowledgeMany': (w, c) => c.alarm.acknowledgeMany({ dashboardId: w.dashA.id, alarmIds: [w.alarm] }).then(() => 'ok'),
  'alarm.resolveByKey': (w, c) => c.alarm.resolveByKey({ dashboardId: w.dashA.id, key: 'k' }).then((r) => r.resolved),
  'alarm.history': (w, c) => c.alarm.history({ alarmId: w.alarm }).then((h) => h[0]!.event),
  'alarm.unassign': (w, c) => c.alarm.unassign({ alarmId: w.alarm, userId: w.ids.installerA }).then(() => 'ok'),
  'alarm.countPerPriority': (w, c) => c.alarm.countPerPriority({ dashboardId: w.dashA.id }).then((r) => r.length),
  'alarm.assignedCount': (w, c) => c.alarm.assignedCount({ dashboardId: w.dashA.id }),
  'alarm.unassignedCount': (w, c) => c.alarm.unassignedCount({ dashboardId: w.dashA.id }),
  'alarm.periodicCount': (w, c) =>
    c.alarm.periodicCount({ dashboardId: w.dashA.id, from: '2026-01-01', to: '2026-01-02', granularity: 'day' }).then((r) => r.length),
  'alarm.events': (w, c) => c.alarm.events({ dashboardId: w.dashA.id }).then(() => 'ok'),
  'alarmReport.responseTimes': (w, c) =>
    c.alarmReport.responseTimes({ dashboardId: w.dashA.id, from: '2026-01-01', to: '2026-02-01', granularity: 'week' }).then((r) => r.length),
  'maintenanceWindow.list': (w, c) => c.maintenanceWindow.list({ dashboardId: w.dashA.id }).then((r) => r.length),
  'maintenanceWindow.create': (w, c) => c.maintenanceWindow.create({ dashboardId: w.dashA.id, ...hourAround() } as never).then(() => 'ok'),
  'maintenanceWindow.end': async (w, c) => {
    const { id } = await w.callers.admin.maintenanceWindow.create({ dashboardId: w.dashA.id, ...hourAround() } as never);
    return c.maintenanceWindow.end({ windowId: id }).then((r) => r.active);
  },
  'maintenanceWindow.delete': async (w, c) => {
    const { id } = await w.callers.admin.maintenanceWindow.create({ dashboardId: w.dashA.id, ...hourAround() } as never);
    return c.maintenanceWindow.delete({ windowId: id }).then(() => 'ok');
  },
  'alarm.live': (w, c) => c.alarm.live({ dashboardId: w.dashA.id }).then(() => 'ok'),
  'ingestToken.list': (w, c) => c.ingestToken.list({ dashboardId: w.dashA.id }).then((r) => r.length),
  'ingestToken.create': (w, c) => c.ingestToken.create({ dashboardId: w.dashA.id, name: 'Prometheus' }).then(() => 'ok'),
  'ingestToken.revoke': async (w, c) => {
    const { id } = await w.callers.admin.ingestToken.create({ dashboardId: w.dashA.id, name: 'Prometheus' });
    return c.ingestToken.revoke({ tokenId: id }).then(() => 'ok');
  },
  // The hooks take an ingest token only: a user's session is no caller there.
  'alarmHook.alertmanager': (_w, c) => c.alarmHook.alertmanager({ alerts: [] }).then(() => 'ok'),
  'alarmHook.grafana': (_w, c) => c.alarmHook.grafana({ alerts: [] }).then(() => 'ok'),
  'alarmHook.generic': (_w, c) => c.alarmHook.generic({ alerts: [] }).then(() => 'ok'),
  'mailSource.list': (w, c) => c.mailSource.list({ dashboardId: w.dashA.id }).then((s) => s.length),
  // Port 9 is closed: creating works, testing and fetching answer a Dutch failure without a network.
  'mailSource.create': (w, c) => c.mailSource.create({ dashboardId: w.dashA.id, ...imap }).then(() => 'ok'),
  'mailSource.update': (w, c) => c.mailSource.update({ sourceId: w.source, name: 'Nieuw' }).then(() => 'ok'),
  'mailSource.delete': (w, c) => c.mailSource.delete({ dashboardId: w.dashA.id, sourceId: w.source }).then(() => 'ok'),
  'mailSource.test': (w, c) => c.mailSource.test({ sourceId: w.source }).then((r) => r.ok),
  'mailSource.testNew': (w, c) => c.mailSource.testNew({ dashboardId: w.dashA.id, ...imap }).then((r) => r.ok),
  'mailSource.fetchNow': (w, c) => c.mailSource.fetchNow({ sourceId: w.source }).then((s) => s.status.lastError !== null),
  'mailSource.addresses': (w, c) => c.mailSource.addresses({ dashboardId: w.dashA.id }).then((a) => a.length),
  'mailSource.createAddress': (w, c) => c.mailSource.createAddress({ dashboardId: w.dashA.id, name: 'Zabbix' }).then(() => 'ok'),
  'mailSource.deleteAddress': async (w, c) => {
    const { id } = await w.callers.admin.mailSource.createAddress({ dashboardId: w.dashA.id, name: 'Zabbix' });
    return c.mailSource.deleteAddress({ addressId: id }).then(() => 'ok');
  },
  'alarmEmail.list': (w, c) => c.alarmEmail.list({ dashboardId: w.dashA.id, page: 0, size: 20, sort: 'receivedAt,desc' }).then((r) => r.emails.length),
  'alarmEmail.get': (w, c) => c.alarmEmail.get({ emailId: w.email }).then((e) => e.subject),
  'alarmEmail.attempts': (w, c) => c.alarmEmail.attempts({ emailId: w.email }).then((a) => a.length),
  'alarmEmail.markRead': (w, c) => c.alarmEmail.markRead({ emailId: w.email, read: true }).then((e) => e.readAt !== null),
  'alarmEmail.reparse': (w, c) => c.alarmEmail.reparse({ emailId: w.email }).then((e) => e.parsingStatus),
  'alarmEmail.reparseRejected': (w, c) => c.alarmEmail.reparseRejected({ dashboardId: w.dashA.id }).then((r) => r.count),
  'alarmParser.list': (w, c) => c.alarmParser.list({ dashboardId: w.dashA.id }).then((p) => p.length),
  'alarmParser.create': (w, c) =>
    c.alarmParser
      .create({ dashboardId: w.dashA.id, type: 'DEFAULT', name: 'Nieuw', enabled: true, sourceId: null, config: { match: {}, line: '{{subject}}' } })
      .then(() => 'ok'),
  'alarmParser.get': (w, c) => c.alarmParser.get({ parserId: w.parser }).then((p) => p.name),
  'alarmParser.update': (w, c) => c.alarmParser.update({ parserId: w.parser, name: 'Anders' }).then(() => 'ok'),
  'alarmParser.delete': (w, c) => c.alarmParser.delete({ parserId: w.parser }).then(() => 'ok'),
  'alarmParser.sources': (w, c) => c.alarmParser.sources({ dashboardId: w.dashA.id }).then((s) => s.length),
  'alarmParser.dryRun': (w, c) => c.alarmParser.dryRun({ parserId: w.parser, emailId: w.email }).then((r) => r.type),
  'alarmParser.dryRunDraft': (w, c) =>
    c.alarmParser
      .dryRunDraft({
        dashboardId: w.dashA.id,
        emailId: w.email,
        parser: { type: 'DEFAULT', name: 'Concept', enabled: true, sourceId: null, config: { match: { subject: 'pomp' }, line: 'x' } },
      })
      .then((r) => r.type),
  'notification.channels': (_w, c) => c.notification.channels().then((r) => r.email),
  'notification.rules': (w, c) => c.notification.rules({ dashboardId: w.dashA.id }).then((r) => r.length),
  'notification.createRule': (w, c) => c.notification.createRule({ dashboardId: w.dashA.id, ...webhookRule } as never).then(() => 'ok'),
  'notification.updateRule': async (w, c) => {
    const { id } = await w.callers.admin.notification.createRule({ dashboardId: w.dashA.id, ...webhookRule } as never);
    return c.notification.updateRule({ ruleId: id, ...webhookRule, name: 'Nieuw' } as never).then(() => 'ok');
  },
  'notification.deleteRule': async (w, c) => {
    const { id } = await w.callers.admin.notification.createRule({ dashboardId: w.dashA.id, ...webhookRule } as never);
    return c.notification.deleteRule({ ruleId: id }).then(() => 'ok');
  },
  'notification.testRule': async (w, c) => {
    const { id } = await w.callers.admin.notification.createRule({ dashboardId: w.dashA.id, ...webhookRule } as never);
    return c.notification.testRule({ ruleId: id }).then((r) => r.ok);
  },
  'notification.list': (w, c) => c.notification.list({ dashboardId: w.dashA.id, page: 0, size: 20 }).then((r) => r.notifications.length),
  'escalationPolicy.list': (w, c) => c.escalationPolicy.list({ dashboardId: w.dashA.id }).then((r) => r.length),
  'escalationPolicy.create': (w, c) => c.escalationPolicy.create({ dashboardId: w.dashA.id, ...policy }).then(() => 'ok'),
  'escalationPolicy.get': async (w, c) => {
    const { id } = await w.callers.admin.escalationPolicy.create({ dashboardId: w.dashA.id, ...policy });
    return c.escalationPolicy.get({ policyId: id }).then((p) => p.name);
  },
  'escalationPolicy.update': async (w, c) => {
    const { id } = await w.callers.admin.escalationPolicy.create({ dashboardId: w.dashA.id, ...policy });
    return c.escalationPolicy.update({ policyId: id, name: 'Nacht' }).then(() => 'ok');
  },
  'escalationPolicy.delete': async (w, c) => {
    const { id } = await w.callers.admin.escalationPolicy.create({ dashboardId: w.dashA.id, ...policy });
    return c.escalationPolicy.delete({ policyId: id }).then(() => 'ok');
  },
  'escalationPolicy.state': (w, c) => c.escalationPolicy.state({ alarmId: w.alarm }).then((r) => r.length),
  'escalationPolicy.onCall': (w, c) => c.escalationPolicy.onCall({ dashboardId: w.dashA.id }),
  'alarmSetup.get': (w, c) => c.alarmSetup.get({ dashboardId: w.dashA.id }).then((s) => [s.mailSources, s.parsers, s.notificationRules]),
  // An action link needs no session: an unknown token is unknown to everyone.
  'alarmAction.view': (_w, c) => c.alarmAction.view({ token: 'x'.repeat(43) }).then(() => 'ok'),
  'alarmAction.act': (_w, c) => c.alarmAction.act({ token: 'x'.repeat(43), action: 'acknowledge' }).then(() => 'ok'),
  'notification.retry': async (w, c) => {
    const { id: ruleId } = await w.callers.admin.notification.createRule({ dashboardId: w.dashA.id, ...webhookRule } as never);
    const values = { ruleId, dashboardId: w.dashA.id, alarmId: w.alarm, event: 'overdue', channel: 'WEBHOOK', status: 'FAILED', createdAt: 0 } as const;
    const { id } = await w.h.db.insertInto('notification').values(values).returning('id').executeTakeFirstOrThrow();
    return c.notification.retry({ notificationId: id }).then(() => 'ok');
  },
};
const policy = { name: 'Piket', steps: [{ afterMinutes: 0, targets: [{ type: 'ASSIGNABLE' as const }] }], repeat: 0 };
/** A webhook rule to a closed loopback port: a test is refused (private target), nothing leaves. */
const webhookRule = {
  name: 'Wachtdienst',
  priorities: ['HIGH'],
  events: ['created'],
  channel: { type: 'WEBHOOK', url: 'http://127.0.0.1:9/hook', secret: 'een-heel-geheim-secret' },
};
/** A maintenance window active now, by the system clock these worlds run on. */
const hourAround = () => ({ from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 3_600_000).toISOString() });
const imap = unreachableImap('GBS');

const work = { admin: 'ok', installerA: 'ok', installerB: 'NOT_FOUND', customerA: 'FORBIDDEN' };
const adminOnly = { admin: 'ok', installerA: 'FORBIDDEN', installerB: 'NOT_FOUND', customerA: 'FORBIDDEN' };
const same = (value: unknown) => ({ admin: value, installerA: value, installerB: 'NOT_FOUND', customerA: 'FORBIDDEN' });

const expected: Record<string, Record<Role, unknown>> = {
  'alarmDashboard.search': { admin: 2, installerA: 1, installerB: 1, customerA: 'FORBIDDEN' },
  'alarmDashboard.get': same('Storingen Alfa'),
  'alarmDashboard.create': { admin: 'ok', installerA: 'FORBIDDEN', installerB: 'FORBIDDEN', customerA: 'FORBIDDEN' },
  'alarmDashboard.rename': adminOnly,
  'alarmDashboard.delete': adminOnly,
  'alarmDashboard.theme': work,
  'alarmDashboard.defaultPriority': work,
  'alarmDashboard.defaultFolder': work,
  'alarmDashboard.resolvedFolder': work,
  'alarmDashboard.customizable': adminOnly,
  // no file: the role check passes, then the upload is refused
  'alarmDashboard.branding': same('BAD_REQUEST'),
  'alarmDashboard.users': same(2),
  'alarmDashboard.user': same('inst-a@example.nl'),
  'alarmDashboard.usersBatch': same(1),
  'alarmFolder.list': same(3),
  'alarmFolder.create': work,
  'alarmFolder.update': work,
  'alarmFolder.delete': same('CONFLICT'),
  'alarmFolder.reorder': work,
  'alarmFolder.clear': work,
  'alarmFolder.counts': same(1),
  'alarm.list': same(1),
  'alarm.search': same(1),
  'alarm.exportCsv': same(3),
  'alarmView.list': same(0),
  'alarmView.create': work,
  'alarmView.update': work,
  'alarmView.delete': work,
  'alarm.move': work,
  'alarm.deleteMany': work,
  'alarm.create': work,
  'alarm.get': same('Storing'),
  'alarm.delete': work,
  'alarm.setDeadline': work,
  'alarm.setNotes': work,
  'alarm.setFolder': work,
  'alarm.setPriority': work,
  'alarm.setSeen': work,
  'alarm.assignees': same(0),
  'alarm.assign': work,
  'alarm.acknowledge': work,
  'alarm.acknowledgeMany': work,
  'alarm.resolveByKey': same(0),
  'alarm.history': same('created'),
  'alarm.unassign': work,
  'alarm.countPerPriority': same(3),
  'alarm.assignedCount': same(0),
  'alarm.unassignedCount': same(1),
  'alarm.periodicCount': same(1),
  'alarm.events': work,
  'alarmReport.responseTimes': same(5),
  'maintenanceWindow.list': same(0),
  'maintenanceWindow.create': work,
  'maintenanceWindow.end': { admin: false, installerA: false, installerB: 'NOT_FOUND', customerA: 'FORBIDDEN' },
  'maintenanceWindow.delete': work,
  'alarm.live': work,
  'ingestToken.list': same(0),
  'ingestToken.create': work,
  'ingestToken.revoke': work,
  'alarmHook.alertmanager': { admin: 'UNAUTHORIZED', installerA: 'UNAUTHORIZED', installerB: 'UNAUTHORIZED', customerA: 'UNAUTHORIZED' },
  'alarmHook.grafana': { admin: 'UNAUTHORIZED', installerA: 'UNAUTHORIZED', installerB: 'UNAUTHORIZED', customerA: 'UNAUTHORIZED' },
  'alarmHook.generic': { admin: 'UNAUTHORIZED', installerA: 'UNAUTHORIZED', installerB: 'UNAUTHORIZED', customerA: 'UNAUTHORIZED' },
  'notification.channels': { admin: false, installerA: false, installerB: false, customerA: 'FORBIDDEN' },
  'notification.rules': same(0),
  'notification.createRule': work,
  'notification.updateRule': work,
  'notification.deleteRule': work,
  'notification.testRule': same(false),
  'notification.list': same(0),
  'notification.retry': work,
  'escalationPolicy.list': same(0),
  'escalationPolicy.create': work,
  'escalationPolicy.get': same('Piket'),
  'escalationPolicy.update': work,
  'escalationPolicy.delete': work,
  'escalationPolicy.state': same(0),
  'escalationPolicy.onCall': same(null),
  'alarmSetup.get': same([1, 1, 0]),
  'alarmAction.view': { admin: 'NOT_FOUND', installerA: 'NOT_FOUND', installerB: 'NOT_FOUND', customerA: 'NOT_FOUND' },
  'alarmAction.act': { admin: 'NOT_FOUND', installerA: 'NOT_FOUND', installerB: 'NOT_FOUND', customerA: 'NOT_FOUND' },
  'mailSource.list': same(1),
  'mailSource.create': work,
  'mailSource.update': work,
  'mailSource.delete': work,
  'mailSource.test': same(false),
  'mailSource.testNew': { admin: false, installerA: false, installerB: 'NOT_FOUND', customerA: 'FORBIDDEN' },
  'mailSource.fetchNow': same(true),
  'mailSource.addresses': same(0),
  'mailSource.createAddress': work,
  'mailSource.deleteAddress': work,
  'alarmEmail.list': same(1),
  'alarmEmail.get': same('Storing'),
  'alarmEmail.attempts': same(0),
  'alarmEmail.markRead': same(true),
  // Parsing is alarm work; changing parsers follows the settings rule, and so do
  // dry runs, re-parses and clearing on a locked dashboard (alarm-parsers.integration.test.ts).
  'alarmEmail.reparse': same('MATCHED'),
  'alarmEmail.reparseRejected': same(0),
  'alarmParser.list': same(1),
  'alarmParser.create': work,
  'alarmParser.get': same('Vangnet'),
  'alarmParser.update': work,
  'alarmParser.delete': work,
  'alarmParser.sources': same(1),
  'alarmParser.dryRun': same('MATCHED'),
  'alarmParser.dryRunDraft': same('REJECTED'),
};

// One test per procedure, each role on a fresh world with one alarm, one source, one stored e-mail
// and one parser in A's inbox: a slow machine never runs into one long timeout, and a failure
// names its procedure.
for (const [name, run] of Object.entries(alarmCases)) {
  test(`${name} answers each role as the alarm area’s role table says`, async () => {
    const actual: Record<string, unknown> = {};
    for (const role of roles) {
      const world = await createAlarmWorld();
      const alarm = (await world.callers.admin.alarm.create({ dashboardId: world.dashA.id, line: 'Storing' })).id;
      const source = (await world.callers.admin.mailSource.create({ dashboardId: world.dashA.id, ...imap })).id;
      const raw = Buffer.from('Subject: Storing\r\nMessage-ID: <m@x>\r\n\r\nStoring\r\n');
      const email = (await storeIncomingMail(world.h.db, { dashboardId: world.dashA.id, sourceId: source, raw, storedAt: 0 })).id;
      const parser = (
        await world.callers.admin.alarmParser.create({
          dashboardId: world.dashA.id,
          type: 'DEFAULT',
          name: 'Vangnet',
          enabled: true,
          sourceId: null,
          config: { match: {}, line: '{{subject}}' },
        })
      ).id;
      actual[role] = await run({ ...world, alarm, source, email, parser }, world.callers[role]).catch((e: { code: string }) => e.code);
      // Each world has its own parser sandbox: end its workers.
      await world.h.close();
    }
    expect(actual).toEqual(expected[name]);
  }, 60_000);
}

test('each alarm case has its row in the role table and each row its case', () => {
  expect(Object.keys(alarmCases).sort()).toEqual(Object.keys(expected).sort());
});

test('every alarm procedure has a row: a new one without a row fails here', () => {
  const procedures = Object.keys(appRouter._def.procedures).filter((name) =>
    /^(alarm(Dashboard|Folder|Email|Parser|Report|Hook|View|Action|Setup)?|mailSource|maintenanceWindow|ingestToken|notification|escalationPolicy)\./.test(
      name,
    ),
  );
  expect(procedures.sort()).toEqual(Object.keys(expected).sort());
});
