/**
 * Test harness: the services built by the composition root on a fresh migrated in-memory database,
 * the real app on them, and helpers to seed organizations, locations, users, feeds and channels and to sign
 * in. Used only by tests.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import type { BackupSettings } from '../modules/backups/backups.service';
import { createApp } from '../app';
import type { Clock } from '../platform/clock';
import type { AuthOptions } from '../modules/auth/auth.service';
import { hashPassword } from '../modules/users/passwords';
import { insertUser } from '../modules/users/users.queries';
import { type ServiceOptions, createServices } from '../services';
import { createContext } from '../api/trpc/context';
import { TEST_ADDRESS, insertChannel, insertFeed } from './fixtures';
import { dropTestDatabase, testDatabase } from './test-database';
import { createCaller } from '../root-router';
import type { UserType } from '@/domain/user';

export const TEST_PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | undefined;

export interface HarnessOptions {
  clock?: Clock;
  /** A database that outlives the harness (a restart test opens it again: `testDatabase(file)`); default a private one (`testDatabase()`). */
  databaseFile?: string;
  auth?: AuthOptions;
  /** Without a simulator the HUB address is a closed loopback port: nothing leaves this machine. */
  hub?: { baseUrl?: string; apiKey?: string; historyDays?: number };
  /** Microsoft 365 hosts: a Graph simulator's. Without them nothing leaves this machine either (closed port). */
  graph?: { loginUrl?: string; apiUrl?: string };
  /** The test Dovecot runs on loopback, so internal IMAP hosts are allowed unless a test says false. */
  allowPrivateMailHosts?: boolean;
  liveHeartbeatMs?: number;
  /** PostgreSQL: between attempts to listen again after the connection was lost (1 s). */
  listenRetryMs?: number;
  /** Outbound notifications; webhook tests allow loopback targets (their receivers listen there). */
  notify?: ServiceOptions['notify'];
  /** Backups: a private folder removed when the harness closes, unless a test gives its own. */
  backup?: Partial<BackupSettings>;
  /** A Telegram bot on a Bot API simulator; a run of the poll job looks once, without waiting. */
  telegram?: { botToken?: string; apiUrl?: string };
  /** The SMTP receiver's domain, and where it listens (a test starts it: `smtpReceiver.start()`). */
  smtp?: ServiceOptions['smtp'];
  /** The request and job-run log (default silent). */
  log?: ServiceOptions['log'];
}

export async function createHarness(options: HarnessOptions = {}) {
  const ownDatabase = options.databaseFile === undefined ? await testDatabase() : undefined;
  // Made by the first backup a test takes (most never do), removed when the harness closes.
  const backupDir = options.backup?.dir ?? path.join(tmpdir(), `energie-backups-${randomUUID()}`);
  const services = await createServices({
    databaseFile: options.databaseFile ?? ownDatabase!,
    secretKey: 'test-secret-key-'.repeat(3),
    clock: options.clock,
    auth: options.auth,
    liveHeartbeatMs: options.liveHeartbeatMs,
    listenRetryMs: options.listenRetryMs,
    hub: {
      baseUrl: options.hub?.baseUrl ?? 'http://127.0.0.1:9/api/v1',
      apiKey: options.hub?.apiKey ?? 'sim-key',
      timeoutMs: 2000,
      maxRetryAfterSeconds: 1,
      historyDays: options.hub?.historyDays ?? 30,
      syncIntervalSeconds: 3600,
    },
    graph: { loginUrl: options.graph?.loginUrl ?? 'http://127.0.0.1:9/login', apiUrl: options.graph?.apiUrl ?? 'http://127.0.0.1:9' },
    allowPrivateMailHosts: options.allowPrivateMailHosts ?? true,
    notify: { ...options.notify, publicUrl: options.notify?.publicUrl ?? 'http://energiebeheer.test' },
    backup: { schedule: 'off', keep: { d: 7, w: 4, m: 12 }, ...options.backup, dir: backupDir },
    telegram: { waitSeconds: 0, ...options.telegram },
    smtp: options.smtp,
    log: options.log,
  });
  const { db } = services;
  const app = createApp(services);
  const now = () => Math.floor(services.clock().getTime() / 1000);

  let closing: Promise<void> | undefined;
  const harness = {
    ...services,
    /** Once, dropping the database it made; a harness made in a test and not closed by it is closed when the test ends. */
    close: () =>
      (closing ??= services
        .close()
        .then(() => dropTestDatabase(ownDatabase!))
        .then(() => (options.backup?.dir ? undefined : rmSync(backupDir, { recursive: true, force: true })))),
    app,
    async organization(name = 'Organisatie') {
      const row = await db.insertInto('organization').values({ name, createdAt: now() }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async location(organizationId: number, name = 'Locatie') {
      const row = await db
        .insertInto('location')
        .values({ organizationId, name, ...TEST_ADDRESS, createdAt: now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async user(type: UserType, email: string, extra: { organizationId?: number; locationIds?: number[] } = {}) {
      passwordHash ??= hashPassword(TEST_PASSWORD);
      const id = await insertUser(db, {
        type,
        email,
        fullName: email.split('@')[0]!,
        passwordHash: await passwordHash,
        organizationId: extra.organizationId ?? null,
        createdAt: now(),
      });
      for (const locationId of extra.locationIds ?? []) {
        await db.insertInto('userLocation').values({ userId: id, locationId }).execute();
      }
      return id;
    },
    feed: (values: Parameters<typeof insertFeed>[1]) => insertFeed(db, values),
    channel: (feedUuid: string, code?: string) => insertChannel(db, feedUuid, code),
    async signIn(email: string, password = TEST_PASSWORD) {
      return services.auth.login({ email, password }, '127.0.0.1');
    },
    /** A tRPC caller acting as the holder of `accessToken` (or nobody). */
    async caller(accessToken?: string) {
      return createCaller(await createContext(services, accessToken ? `Bearer ${accessToken}` : null, '127.0.0.1'));
    },
    request(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
      const headers = new Headers(init.headers);
      if (init.token) headers.set('authorization', `Bearer ${init.token}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      return app.request(path, { ...init, headers, body });
    },
  };
  try {
    // onTestFinished hooks run in reverse order: this one before testDatabase()'s drop.
    onTestFinished(() => harness.close());
  } catch {
    // Made outside a test (beforeAll): the file closes it.
  }
  return harness;
}
export type Harness = Awaited<ReturnType<typeof createHarness>>;
