/**
 * The composition root: the one place that builds the process's services (database, clock, auth,
 * secrets, the HUB client, the meter sync and the job runner) from options, and that knows every
 * module: where a lower module's service needs an answer only a module above it has (an
 * organization's locations, installers, feeds and alarm dashboards; a location's meters and
 * customers; the meters on a feed's channels), the owner's function is wired into the lower
 * service's deps object here, so imports between modules only go down. The server, the test
 * harness, the bench and the demo all build them here, so they run the same wiring.
 */
import { engineOf, openReachableDatabase, sqliteHandleOf } from './platform/db/database';
import { migrateToLatest } from './platform/db/migrate';
import { type Clock, epochSeconds, systemClock } from './platform/clock';
import { type AuthOptions, createAuthService } from './modules/auth/auth.service';
import { createSessionCache } from './modules/auth/session-cache';
import { createHubClient } from './modules/meterbeheer/hub-client';
import { createSyncService } from './modules/meterbeheer/sync.service';
import type { FeedDeps } from './modules/meterbeheer/meterbeheer.service';
import { feedNamesOfOrganization } from './modules/meterbeheer/meterbeheer.queries';
import type { OrganizationDeps } from './modules/organizations/organizations.service';
import type { LocationDeps } from './modules/locations/locations.service';
import { countLocationsOfOrganization, locationsOfOrganizations } from './modules/locations/locations.queries';
import type { UserDeps } from './modules/users/users.service';
import { spendUserTokensOfUser } from './modules/onboarding/onboarding.queries';
import { countCustomersOfLocation, countInstallersOfOrganization } from './modules/users/users.queries';
import { channelIdsInUse, channelIdsOfMeter, countMetersOfLocation, detachChannels, metersOfLocation } from './modules/meters/meters.queries';
import { dashboardNamesOfOrganization } from './modules/alarm-dashboards/alarm-dashboards.queries';
import type { DashboardFolders } from './modules/alarm-dashboards/alarm-dashboards.service';
import { folderOfDashboard, insertSystemFolders } from './modules/alarm-folders/alarm-folders.queries';
import { onCallAt } from './modules/schedules/schedules.service';
import { findSchedule } from './modules/schedules/schedules.queries';
import type { FolderAlarms } from './modules/alarm-folders/alarm-folders.service';
import { countInFolder } from './modules/alarms/alarm-counts.queries';
import { applyFolderRelevance, moveFolderAlarms } from './modules/alarms/lifecycle';
import { clearFolder } from './modules/alarms/alarms.service';
import { randomInt } from 'node:crypto';
import { createEventBus } from './platform/events/event-bus';
import { createPgEventTransport } from './platform/events/pg-event-transport';
import { createChangeNotices } from './platform/db/change-notices';
import { listenerName } from './platform/db/pg-listener';
import { watchFigures } from './modules/measurement-store/figure-cache';
import { HEARTBEAT_MS } from './platform/events/live-stream';
import { createJobRunner } from './platform/jobs/runner';
import { newInstanceId } from './platform/jobs/instance';
import { createLeases } from './platform/jobs/leases';
import { createImapWatchers } from './modules/mail-sources/imap/imap-watcher';
import { mailSourceJobs } from './modules/mail-sources/mail-sources.jobs';
import { alarmParserJobs } from './modules/alarm-parsers/alarm-parsers.jobs';
import type { EmailParsing } from './modules/alarm-emails/alarm-emails.service';
import { mailReadingJobs } from './modules/alarm-emails/alarm-emails.jobs';
import { createFetchGate, readRawMail } from './modules/alarm-emails/mail-reading';
import { warmMailReaders } from './modules/alarm-emails/mail-reader';
import { createJobWaker } from './platform/jobs/waker';
import { parseEmail } from './modules/alarm-parsers/parse-pipeline';
import type { SourceDeps } from './modules/mail-sources/mail-sources.service';
import { createSourceCallLimit } from './modules/mail-sources/source-call-limit';
import { type SmtpReceiver, type SmtpReceiverOptions, createSmtpReceiver } from './modules/mail-sources/smtp/smtp-receiver';
import { createRuleTestLimit } from './modules/notifications/rule-test-limit';
import { createParseCallLimit } from './modules/alarm-parsers/parse-call-limit';
import { createParserSandbox } from './platform/sandbox/parser-sandbox';
import { meterbeheerJobs } from './modules/meterbeheer/meterbeheer.jobs';
import { createSecretBox } from './platform/secrets';
import { createIngestLimit } from './modules/alarm-hooks/ingest-limit';
import { createMailer } from './modules/notifications/email';
import { NOTIFY_JOB, notificationJobs } from './modules/notifications/notifications.jobs';
import type { DeliveryDeps, SendDeps } from './modules/notifications/delivery';
import { createOnboarding } from './modules/onboarding/onboarding.service';
import type { EnergyDeps } from './modules/energy-rules/energy-evaluation';
import { wakeJob, wireReactions } from './reactions';
import { energyAlarmJobs } from './modules/energy-rules/energy-rules.jobs';
import { createSharedLimiter } from './platform/shared-rate-limit';
import type { ContactDeps, WebPushSettings } from './modules/contact-methods/contact-adapter';
import { reachPeople } from './modules/contact-methods/contact-methods.service';
import { newVapidKeys } from './modules/contact-methods/push-request';
import { createTelegramBot, type TelegramOptions } from './modules/contact-methods/telegram-bot';
import { contactMethodJobs } from './modules/contact-methods/contact-methods.jobs';
import type { PolicyDeps } from './modules/escalation-policies/escalation-policies.service';
import { policyDashboard } from './modules/escalation-policies/escalation-policies.queries';
import { startEscalations } from './modules/escalation-policies/escalations';
import { escalationJobs } from './modules/escalation-policies/escalation-policies.jobs';
import type { BackupDeps, BackupSettings } from './modules/backups/backups.service';
import { backupJobs } from './modules/backups/backups.jobs';
import { customerViewJobs } from './modules/customer-views/customer-views.jobs';
import { listBackups } from './modules/backups/backups.service';
import { registerSystemMetrics } from './modules/system/system.metrics';
import { createMetrics } from './platform/metrics';
import type { Logger } from './platform/logger';
import { observeJobs } from './platform/jobs/observed';

export interface ServiceOptions {
  /** A SQLite file path, `:memory:` for a private test database, or a `postgres://` URL (DATABASE_URL). */
  databaseFile: string;
  /** PostgreSQL: the pool's size (DATABASE_POOL_SIZE). */
  databasePoolSize?: number;
  secretKey: string;
  clock?: Clock;
  auth?: AuthOptions;
  hub: { baseUrl: string; apiKey?: string; timeoutMs?: number; maxRetryAfterSeconds?: number; historyDays: number; syncIntervalSeconds: number };
  /** Microsoft 365 hosts; a loopback Graph simulator in tests and the demo. */
  graph?: { loginUrl?: string; apiUrl?: string };
  /** IMAP hosts on loopback, private and link-local addresses allowed (MAIL_ALLOW_PRIVATE_HOSTS); refused unless true. */
  allowPrivateMailHosts?: boolean;
  /** How often a live stream sends its heartbeat and rechecks its reader's access (25 s; tests shorten it). */
  liveHeartbeatMs?: number;
  /** PostgreSQL: between attempts to listen again after the connection was lost (1 s; a test lengthens it to look at the gap). */
  listenRetryMs?: number;
  /** Outbound notifications: SMTP, the console's public address, private targets. */
  notify?: { smtpUrl?: string; smtpFrom?: string; firmName?: string; publicUrl?: string; allowPrivateTargets?: boolean; webPush?: Partial<WebPushSettings> };
  /** The installation's Telegram bot (TELEGRAM_BOT_TOKEN, TELEGRAM_API_URL); `waitSeconds` is the long poll's wait (25 s; 0 in tests). */
  telegram?: TelegramOptions & { waitSeconds?: number };
  /** Where backups go, when they are made, which are kept, and their passphrase (BACKUP_*). */
  backup: BackupSettings;
  /** One line per request and job run (server: stdout); default silent. */
  log?: Logger;
  /** The SMTP receiver: the receiving addresses' domain, and where it listens (`listen`, SMTP_LISTEN; started by the server). */
  smtp?: { domain?: string; listen?: SmtpReceiverOptions };
}

export async function createServices(options: ServiceOptions) {
  const clock = options.clock ?? systemClock;
  const opened = await openReachableDatabase(options.databaseFile, { poolSize: options.databasePoolSize });
  // Several instances may share a PostgreSQL database; a SQLite file has one (server.ts locks DATA_DIR).
  const engine = engineOf(opened);
  // Caches drop what changed: this process's writes seen by the session cache's plugin on `db` and
  // by the sync, other instances' writes (PostgreSQL) told by the database's change notices, heard
  // on the instance's one listening connection (made below, after migrating) together with live events.
  const notices = createChangeNotices(engine === 'sqlite');
  const sessionCache = createSessionCache(notices);
  const db = opened.withPlugin(sessionCache.plugin);
  watchFigures(db, notices);
  await migrateToLatest(db);
  const instanceId = newInstanceId();
  const metrics = createMetrics();
  const log: Logger = options.log ?? (() => undefined);
  const leases = createLeases({ db, clock, owner: instanceId });
  const auth = createAuthService({ db, clock, sessionCache }, options.auth);
  const hub = createHubClient(options.hub);
  const secrets = createSecretBox(options.secretKey);
  // The energy services' deps: each dependent check is the function of the module that owns the dependent.
  const organizations: OrganizationDeps = {
    db,
    clock,
    locationsOf: locationsOfOrganizations,
    dependents: {
      countLocations: countLocationsOfOrganization,
      countInstallers: countInstallersOfOrganization,
      feedNames: feedNamesOfOrganization,
      alarmDashboardNames: dashboardNamesOfOrganization,
    },
  };
  const locations: LocationDeps = {
    db,
    clock,
    metersOf: metersOfLocation,
    dependents: { countCustomers: countCustomersOfLocation, countMeters: countMetersOfLocation },
  };
  const users: UserDeps = { db, clock, sessions: auth, links: { spendAll: spendUserTokensOfUser } };
  const dashboardFolders: DashboardFolders = { insertSystemFolders, folderOfDashboard };
  const folderAlarms: FolderAlarms = { moveAll: moveFolderAlarms, applyRelevance: applyFolderRelevance, count: countInFolder, clear: clearFolder };
  const feeds: FeedDeps = { db, clock, hub, secrets, meters: { inUse: channelIdsInUse, detach: detachChannels, ofMeter: channelIdsOfMeter } };
  // On PostgreSQL several instances share one order of events (LISTEN/NOTIFY); ids carry a random
  // instance prefix so they are unique across instances (2^21 prefixes × 2^32 events each).
  const transport =
    engine === 'postgres'
      ? await createPgEventTransport(options.databaseFile, { notices, applicationName: listenerName(instanceId), retryMs: options.listenRetryMs })
      : undefined;
  const events = transport
    ? createEventBus({ now: () => clock().getTime(), transport, firstId: randomInt(1, 2 ** 21) * 2 ** 32 })
    : createEventBus({ now: () => clock().getTime() });
  const sync = createSyncService({ db, hub, clock, events }, { historyDays: options.hub.historyDays });
  const ingestLimit = createIngestLimit(db, clock);
  const publicUrl = options.notify?.publicUrl ?? 'http://localhost:3000';
  // The server passes the Web Push keys from DATA_DIR or VAPID_*; a harness without them gets a fresh pair.
  const webPushVapid = options.notify?.webPush?.vapid ?? newVapidKeys(publicUrl);
  // Backups run on the product's own SQLite connection, so writes during one are carried into it;
  // encrypted ones carry the keys too.
  const backups: BackupDeps = {
    ...options.backup,
    db,
    engine,
    sqlite: sqliteHandleOf(opened),
    clock,
    keys: { secretKey: options.secretKey, vapid: webPushVapid },
  };
  const energy: EnergyDeps = { db, clock, events };
  // Worker threads that run user parsers (regexes and code) off the main thread.
  const sandbox = createParserSandbox();
  const pipeline = { db, clock, sandbox, events };
  const parseWaker = createJobWaker();
  const parsing: EmailParsing = { parseNow: (emailId) => parseEmail(pipeline, emailId) };
  // Fetched mail is stored raw and read by the mail reader (its worker thread), then parsed.
  const reading = { db, clock, events, fetches: createFetchGate() };
  const readWaker = createJobWaker();
  const mail: SourceDeps = {
    db,
    clock,
    secrets,
    graph: { ...options.graph, clients: new Map() },
    reading: {
      readSource: (sourceId) => readRawMail(reading, { sourceId }),
      warm: warmMailReaders,
      fetches: reading.fetches,
    },
    allowPrivateMailHosts: options.allowPrivateMailHosts ?? false,
    events,
    smtp: {
      domain: options.smtp?.domain ?? new URL(options.notify?.publicUrl ?? 'http://localhost').hostname,
      listening: () => smtpReceiver?.listening() ?? false,
      forget: (localPart) => smtpReceiver?.forget(localPart),
    },
  };
  // Built now, listening once the server starts it; closed before the database.
  const smtpReceiver: SmtpReceiver | undefined = options.smtp?.listen ? createSmtpReceiver(mail, options.smtp.listen) : undefined;
  // IDLE connections per IMAP source; the server starts them (tests start them where they test IDLE).
  const imapWatchers = createImapWatchers(mail, leases);
  // Notifications: every alarm change wakes the notify job, so a HIGH alarm's webhook leaves at once.
  const notifyWaker = createJobWaker();
  const mailer = createMailer({ url: options.notify?.smtpUrl, from: options.notify?.smtpFrom, firmName: options.notify?.firmName, publicUrl });
  // People are reached on their contact methods (one adapter per kind); escalations walk policies.
  // Both sit above notifications, which reach them through `people`.
  const sending: SendDeps = { db, clock, secrets, mailer, publicUrl, allowPrivateTargets: options.notify?.allowPrivateTargets ?? false };
  const contact: ContactDeps & { limit: ReturnType<typeof createSharedLimiter> } = {
    ...sending,
    webPush: { vapid: webPushVapid, ca: options.notify?.webPush?.ca },
    telegram: createTelegramBot(options.telegram ?? {}),
    limit: createSharedLimiter(db, 'contact-test', 5, 3600, () => epochSeconds(clock)),
  };
  // SCHEDULE targets: whoever the schedules module says is on call at that moment.
  const escalation: PolicyDeps = {
    db,
    clock,
    schedules: {
      onCall: (db, scheduleId, at) => onCallAt({ db }, scheduleId, at),
      organizationOf: async (db, scheduleId) => (await findSchedule(db, scheduleId))?.organizationId,
    },
  };
  const notify: DeliveryDeps = {
    ...sending,
    people: {
      startEscalations: (trx, starts) => startEscalations(escalation, trx, starts, epochSeconds(clock)),
      policyDashboard,
      reachAll: (items) => reachPeople(contact, items),
    },
  };
  // Steps an escalation queued are delivered at once.
  const wakeNotify = () => wakeJob(jobs, NOTIFY_JOB, notifyWaker);
  // A link in a notification acts without a session: failed tries count per IP, as failed sign-ins do.
  const actionLimit = createSharedLimiter(db, 'action-ip', 50, 15 * 60, () => epochSeconds(clock));
  // Invitations and reset links go out over the notifications' mailer.
  const onboarding = createOnboarding({ db, clock, users, sessions: auth, mailer: notify.mailer, publicUrl: notify.publicUrl });
  // The registry: each module declares its jobs; the runner schedules them once `start()` is called.
  const jobs = createJobRunner({
    db,
    now: clock,
    holder: instanceId,
    exclusive: engine === 'sqlite',
    // New mail stored here while another instance's parse run holds its lock reaches that run.
    wakes: transport?.jobWakes,
    jobs: observeJobs(
      [
        ...meterbeheerJobs(sync, { intervalSeconds: options.hub.syncIntervalSeconds, enabled: Boolean(options.hub.apiKey) }),
        ...mailSourceJobs(mail),
        ...mailReadingJobs(reading, readWaker),
        ...alarmParserJobs(pipeline, parseWaker),
        ...notificationJobs(notify, notifyWaker),
        ...escalationJobs(escalation, wakeNotify),
        ...contactMethodJobs(contact, { waitSeconds: options.telegram?.waitSeconds ?? 25 }),
        ...energyAlarmJobs(energy),
        ...backupJobs(backups),
        ...customerViewJobs({ db, clock, publicUrl, instanceId, mailer }),
      ],
      metrics,
      log,
    ),
  });
  // Wakes only come once the runner exists: every reaction is wired here, after it.
  wireReactions({ events, jobs, energy, wakers: { read: readWaker, parse: parseWaker, notify: notifyWaker } });
  registerSystemMetrics(metrics, { db, clock, listBackups: () => listBackups(backups) });
  return {
    db,
    engine,
    instanceId,
    leases,
    clock,
    auth,
    hub,
    sync,
    secrets,
    organizations,
    locations,
    users,
    feeds,
    dashboardFolders,
    folderAlarms,
    jobs,
    graph: mail.graph,
    allowPrivateMailHosts: mail.allowPrivateMailHosts,
    sourceCallLimit: createSourceCallLimit(db, clock),
    ruleTestLimit: createRuleTestLimit(db, clock),
    parseCallLimit: createParseCallLimit(clock),
    parsing,
    reading: mail.reading,
    imapWatchers,
    smtp: mail.smtp,
    smtpReceiver,
    events,
    /** Whether this instance's caches hear every change now (PostgreSQL: while its LISTEN connection is up). */
    notices,
    ingestLimit,
    liveHeartbeatMs: options.liveHeartbeatMs ?? HEARTBEAT_MS,
    sandbox,
    notify,
    contact,
    escalation,
    actionLimit,
    onboarding,
    energy,
    backups,
    metrics,
    log,
    async close() {
      // Messages being stored are committed (and answered) before anything else stops.
      await smtpReceiver?.stop();
      await onboarding.settled();
      await jobs.stop();
      await imapWatchers.stop();
      await sandbox.close();
      await transport?.close();
      mailer.close();
      await db.destroy();
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
