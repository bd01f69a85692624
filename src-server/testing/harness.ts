/**
 * Test harness: a fresh migrated in-memory database per call, the real app on it, and helpers
 * to seed organizations, locations and users and to sign in. Used only by tests.
 */
import { createApp } from '../app';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { type AuthOptions, createAuthService } from '../modules/auth/auth.service';
import { hashPassword } from '../modules/auth/passwords';
import { insertUser } from '../modules/users/users.queries';
import { createHubClient } from '../modules/meterbeheer/hub-client';
import { createSyncService } from '../modules/meterbeheer/sync.service';
import { createSecretBox } from '../secrets';
import { createContext } from '../trpc/context';
import { createCaller } from '../trpc/root';
import type { UserType } from '@/domain/user';

export const TEST_PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | undefined;

export async function createHarness(authOptions: AuthOptions = {}, hubOptions: { baseUrl?: string; apiKey?: string; historyDays?: number; now?: () => Date } = {}) {
  const db = openDatabase(':memory:');
  await migrateToLatest(db);
  const auth = createAuthService(db, authOptions);
  // Without a simulator the HUB address is a closed loopback port: nothing leaves this machine.
  const hub = createHubClient({ baseUrl: hubOptions.baseUrl ?? 'http://127.0.0.1:9/api/v1', apiKey: hubOptions.apiKey ?? 'sim-key', timeoutMs: 2000, maxRetryAfterSeconds: 1 });
  const sync = createSyncService(db, hub, { historyDays: hubOptions.historyDays ?? 30, now: hubOptions.now });
  const services = { db, auth, hub, sync, secrets: createSecretBox('test-secret-key-'.repeat(3)) };
  const app = createApp(services);
  const now = () => Math.floor(Date.now() / 1000);

  const harness = {
    ...services,
    app,
    async organization(name = 'Organisatie') {
      const row = await db.insertInto('organization').values({ name, createdAt: now() }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async location(organizationId: number, name = 'Locatie') {
      const row = await db
        .insertInto('location')
        .values({ organizationId, name, country: 'Nederland', state: 'Utrecht', city: 'Utrecht', streetAddress: 'Stationsplein 1', zipcode: '3511 ED', unit: null, createdAt: now() })
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
    async signIn(email: string, password = TEST_PASSWORD) {
      return auth.login({ email, password }, '127.0.0.1');
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
  return harness;
}
export type Harness = Awaited<ReturnType<typeof createHarness>>;
