/**
 * The composition root: the one place that builds the process's services (database, clock, auth,
 * secrets, the HUB client, the meter sync and the job runner) from options. The server, the test
 * harness, the bench and the demo all build them here, so they run the same wiring.
 */
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { type Clock, epochSeconds, systemClock } from './clock';
import { type AuthOptions, createAuthService } from './modules/auth/auth.service';
import { createHubClient } from './modules/meterbeheer/hub-client';
import { createSyncService } from './modules/meterbeheer/sync.service';
import { createEventBus } from './events/event-bus';
import { createJobRunner } from './jobs/runner';
import { createImapWatchers } from './modules/mail-sources/imap/imap-watcher';
import { mailSourceJobs } from './modules/mail-sources/mail-sources.jobs';
import { ALARM_PARSE_JOB, alarmParserJobs } from './modules/alarm-parsers/alarm-parsers.jobs';
import type { EmailParsing } from './modules/alarm-emails/alarm-emails.service';
import { parseEmail } from './modules/alarm-parsers/parse-pipeline';
import type { SourceDeps } from './modules/mail-sources/mail-sources.service';
import { createParserSandbox } from './sandbox/parser-sandbox';
import { meterbeheerJobs } from './modules/meterbeheer/meterbeheer.jobs';
import { createSecretBox } from './secrets';

export interface ServiceOptions {
  /** A file path, or `:memory:` for a private test database. */
  databaseFile: string;
  secretKey: string;
  clock?: Clock;
  auth?: Omit<AuthOptions, 'now'>;
  hub: { baseUrl: string; apiKey?: string; timeoutMs?: number; maxRetryAfterSeconds?: number; historyDays: number; syncIntervalSeconds: number };
  /** Microsoft 365 hosts; a loopback Graph simulator in tests and the demo. */
  graph?: { loginUrl?: string; apiUrl?: string };
}

export async function createServices(options: ServiceOptions) {
  const clock = options.clock ?? systemClock;
  const db = openDatabase(options.databaseFile);
  await migrateToLatest(db);
  const auth = createAuthService(db, { ...options.auth, now: () => epochSeconds(clock) });
  const hub = createHubClient(options.hub);
  const sync = createSyncService(db, hub, { historyDays: options.hub.historyDays, now: clock });
  const secrets = createSecretBox(options.secretKey);
  const events = createEventBus();
  // Worker threads that run user parsers (regexes and code) off the main thread.
  const sandbox = createParserSandbox();
  const pipeline = { db, clock, sandbox, events };
  // Stored mail is parsed at once (a run in progress picks it up; the schedule is the safety net).
  // `wake` is only called once jobs run, so the runner declared below exists by then.
  const parsing: EmailParsing = {
    parseNow: (emailId) => parseEmail(pipeline, emailId),
    wake: () => void jobs.runNow(ALARM_PARSE_JOB).catch(() => undefined),
  };
  const mail: SourceDeps = { db, clock, secrets, graph: { ...options.graph, clients: new Map() }, parsing };
  // IDLE connections per IMAP source; the server starts them (tests start them where they test IDLE).
  const imapWatchers = createImapWatchers(mail);
  // The registry: each module declares its jobs; the runner schedules them once `start()` is called.
  const jobs = createJobRunner({
    db,
    now: clock,
    jobs: [
      ...meterbeheerJobs(sync, { intervalSeconds: options.hub.syncIntervalSeconds, enabled: Boolean(options.hub.apiKey) }),
      ...mailSourceJobs(mail),
      ...alarmParserJobs(pipeline),
    ],
  });
  return {
    db,
    clock,
    auth,
    hub,
    sync,
    secrets,
    jobs,
    graph: mail.graph,
    parsing,
    imapWatchers,
    events,
    sandbox,
    async close() {
      await jobs.stop();
      await imapWatchers.stop();
      await sandbox.close();
      await db.destroy();
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
