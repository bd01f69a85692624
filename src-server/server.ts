/**
 * Starting and stopping the product: configuration → services (`services.ts`), the first admin,
 * the background jobs and the HTTP server. `main.ts`, the demo and the bench start it this way.
 */
import path from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import type { Clock } from './platform/clock';
import type { Config } from './config';
import { ConfigError } from './platform/errors';
import { ensureFirstAdmin } from './modules/auth/first-admin';
import { releaseGoneLeases } from './platform/jobs/leases';
import { lockDataDir } from './platform/data-dir-lock';
import { type ServiceOptions, createServices } from './services';
import { checkSecretKey } from './secret-key-check';
import { type Logger, createLogger } from './platform/logger';
import { warmPushSendersIfSubscribed } from './modules/contact-methods/contact-methods.service';

const serviceOptions = (config: Config, clock?: Clock): ServiceOptions => ({
  databaseFile: config.databaseUrl ?? path.join(config.dataDir, 'app.db'),
  databasePoolSize: config.databasePoolSize,
  secretKey: config.secretKey,
  clock,
  hub: {
    baseUrl: config.meterbeheerApiUrl,
    apiKey: config.meterbeheerApiKey,
    historyDays: config.meterbeheerHistoryDays,
    syncIntervalSeconds: config.meterbeheerSyncInterval,
  },
  graph: { loginUrl: config.graphLoginUrl, apiUrl: config.graphApiUrl },
  allowPrivateMailHosts: config.mailAllowPrivateHosts,
  notify: {
    smtpUrl: config.smtpUrl,
    smtpFrom: config.smtpFrom,
    firmName: config.firmName,
    publicUrl: config.publicUrl,
    allowPrivateTargets: config.notifyAllowPrivateTargets,
    webPush: { vapid: config.vapid },
  },
  telegram: { botToken: config.telegramBotToken, apiUrl: config.telegramApiUrl },
  backup: { dir: config.backupDir, schedule: config.backupSchedule, keep: config.backupKeep, passphrase: config.backupPassphrase },
  log: createLogger(config.logFormat),
  smtp: {
    domain: config.smtpReceiver.domain,
    listen:
      config.smtpReceiver.port !== undefined ? { port: config.smtpReceiver.port, host: config.smtpReceiver.host, tls: config.smtpReceiver.tls } : undefined,
  },
});

/** Why the port cannot be had, in one Dutch line for the operator; other errors go up unchanged. */
const LISTEN_ERRORS: Record<string, (c: Config) => string> = {
  EADDRINUSE: (c) => `Poort ${c.port} op ${c.host} is al in gebruik: stop het programma dat hem gebruikt of kies een andere PORT.`,
  EACCES: (c) => `Geen toestemming om poort ${c.port} op ${c.host} te gebruiken: kies een PORT boven 1023.`,
  EADDRNOTAVAIL: (c) => `Het adres ${c.host} hoort niet bij deze machine: kies een andere HOST.`,
};

function listen(app: ReturnType<typeof createApp>, config: Config) {
  return new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
    s.once('error', (error: NodeJS.ErrnoException) => {
      const line = error.code ? LISTEN_ERRORS[error.code] : undefined;
      reject(line ? new ConfigError(line(config)) : error);
    });
  });
}

/** How long a stop lets requests in progress finish before their connections are closed. */
const STOP_GRACE_MS = 2000;

/**
 * Stops taking connections, ends every live stream (their readers reconnect, to another instance
 * behind a proxy) and idle keep-alive connection at once, gives requests in progress
 * `STOP_GRACE_MS` to finish, then closes what is left: a stop never waits for open consoles.
 */
async function closeServer(server: Server, services: { events: { close(): void } }) {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  services.events.close();
  server.closeIdleConnections();
  const grace = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
  await closed;
  clearTimeout(grace);
}

export async function startServer(config: Config, options: { clientDir?: string; clock?: Clock; log?: (line: string) => void; requestLog?: Logger } = {}) {
  const log = options.log ?? console.log;
  const services = await createServices({ ...serviceOptions(config, options.clock), ...(options.requestLog ? { log: options.requestLog } : {}) });
  let unlock = () => {};
  try {
    if (services.engine === 'sqlite') unlock = lockDataDir(config.dataDir);
    await checkSecretKey(services.db, services.secrets);
  } catch (error) {
    await services.close();
    unlock();
    throw error;
  }
  const app = createApp({ ...services, clientDir: options.clientDir, trustProxy: config.trustProxy, metricsToken: config.metricsToken });
  // The port first: a one-time admin password printed by a start that then fails would be lost.
  const server = await listen(app, config).catch(async (error) => {
    await services.close();
    unlock();
    throw error;
  });
  const created = await ensureFirstAdmin(services.db, services.clock, config.adminEmail, config.adminPassword);
  if (created) {
    log(`First admin created: ${created.email}` + (created.generated ? ` with password ${created.password} (shown once; change it after signing in)` : ''));
  }
  if (!config.meterbeheerApiKey) {
    log('Warning: METERBEHEER_API_KEY is not set, so no Meterbeheer HUB feed can be added or synced (see README, "Meters and Meterbeheer HUB feeds").');
  }
  await releaseGoneLeases(services.db, services.instanceId, services.engine === 'sqlite');
  await services.jobs.start();
  void warmPushSendersIfSubscribed(services).catch(() => undefined);
  await services.imapWatchers.start();
  if (services.smtpReceiver) {
    await services.smtpReceiver.start().catch(async (error: unknown) => {
      await closeServer(server as Server, services);
      await services.close();
      unlock();
      throw error;
    });
    log(`SMTP receiver listening on ${config.smtpReceiver.host}:${services.smtpReceiver.port()} for @${config.smtpReceiver.domain}`);
  }
  const { port } = server.address() as AddressInfo;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return {
    url: `http://${shownHost}:${port}`,
    services,
    async stop() {
      await closeServer(server as Server, services);
      // Jobs and mail watchers end their work in progress; then the database closes.
      await services.close();
      unlock();
    },
  };
}
