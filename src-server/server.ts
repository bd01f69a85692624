/**
 * Starting and stopping the product: configuration, database and migrations, the first admin,
 * and the HTTP server. `main.ts` calls it; tests and the bench start it the same way.
 */
import path from 'node:path';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import type { Config } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { type AuthOptions, createAuthService } from './modules/auth/auth.service';
import { ensureFirstAdmin } from './modules/auth/first-admin';
import { createHubClient } from './modules/meterbeheer/hub-client';
import { createSyncService } from './modules/meterbeheer/sync.service';
import { schedule } from './jobs/schedule';
import { createSecretBox } from './secrets';

export async function startServer(config: Config, options: { clientDir?: string; auth?: AuthOptions; log?: (line: string) => void } = {}) {
  const log = options.log ?? console.log;
  const db = openDatabase(path.join(config.dataDir, 'app.db'));
  await migrateToLatest(db);
  const created = await ensureFirstAdmin(db, config.adminEmail, config.adminPassword);
  if (created) {
    log(`First admin created: ${created.email}` + (created.generated ? ` with password ${created.password} (shown once; change it after signing in)` : ''));
  }
  const auth = createAuthService(db, options.auth);
  const hub = createHubClient({ baseUrl: config.meterbeheerApiUrl, apiKey: config.meterbeheerApiKey });
  const sync = createSyncService(db, hub, { historyDays: config.meterbeheerHistoryDays });
  const app = createApp({ db, auth, hub, sync, secrets: createSecretBox(config.secretKey), clientDir: options.clientDir });
  const stopSync = config.meterbeheerApiKey ? schedule('meterbeheer-sync', config.meterbeheerSyncInterval, () => sync.syncAll()) : () => {};
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${port}`;
  return {
    url,
    db,
    sync,
    async stop() {
      stopSync();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
    },
  };
}
