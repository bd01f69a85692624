/**
 * The caches of two instances on one PostgreSQL: a change made
 * through instance A is honoured by instance B's next request once A's commit is told (the change
 * notice, polled for briefly); while B's listening connection is down, B's caches are off.
 * PostgreSQL only: on SQLite one process writes the file (server.ts locks DATA_DIR).
 */
import path from 'node:path';
import pg from 'pg';
import { expect, test, onTestFinished } from 'vitest';
import { createHarness, type Harness, TEST_PASSWORD } from '../../testing/harness';
import { testTempDir } from '../../testing/temp-dir';
import { testDatabase, testingOnPostgres } from '../../testing/test-database';
import { cachedFigure } from '../measurement-store/figure-cache';
import { listenerName } from '../../platform/db/pg-listener';

const onPostgres = testingOnPostgres();

async function twoInstances(listenRetryMs?: number) {
  const databaseFile = await testDatabase(path.join(testTempDir('energie-cache-'), 'app.db'));
  const a = await createHarness({ databaseFile });
  const b = await createHarness({ databaseFile, listenRetryMs });
  return { a, b, databaseFile };
}

const me = async (h: Harness, token: string) => {
  const res = await h.request('/auth/me', { token });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** Asks `check` every 10 ms until it holds, for at most 2 s (the notice's delivery) unless told; its last answer. */
async function soon(check: () => Promise<boolean> | boolean, withinMs = 2000): Promise<boolean> {
  const end = Date.now() + withinMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Signed in through A and answered twice by B, so B's second answer came from its cache. */
async function cachedOnB(a: Harness, b: Harness, email: string) {
  const tokens = await a.signIn(email);
  expect((await me(b, tokens.accessToken)).status).toBe(200);
  expect((await me(b, tokens.accessToken)).status).toBe(200);
  return tokens;
}

/** SQL on the test database with the triggers off (`session_replication_role = replica`): a change no instance is told about. */
async function behindEveryonesBack(databaseUrl: string, text: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('set session_replication_role = replica');
    await client.query(text);
  } finally {
    await client.end();
  }
}

test.skipIf(!onPostgres)('B answers from its cache: a change no one is told about goes unseen there (so the notices are what keeps it right)', async () => {
  const { a, b, databaseFile } = await twoInstances();
  await a.user('admin', 'anna@example.nl');
  const { accessToken } = await cachedOnB(a, b, 'anna@example.nl');
  await behindEveryonesBack(databaseFile, 'delete from "session"');
  expect((await me(b, accessToken)).status).toBe(200);
  // A statement through A that names the sessions is told to B.
  await a.db.deleteFrom('session').execute();
  expect(await soon(async () => (await me(b, accessToken)).status === 401)).toBe(true);
});

test.skipIf(!onPostgres)('logout through A: B answers 401', async () => {
  const { a, b } = await twoInstances();
  await a.user('admin', 'anna@example.nl');
  const { accessToken } = await cachedOnB(a, b, 'anna@example.nl');
  expect((await a.request('/auth/logout', { method: 'POST', token: accessToken })).status).toBe(204);
  expect(await soon(async () => (await me(b, accessToken)).status === 401)).toBe(true);
});

test.skipIf(!onPostgres)('a password change through A ends the other sign-ins on B and keeps this one', async () => {
  const { a, b } = await twoInstances();
  const userId = await a.user('admin', 'anna@example.nl');
  const laptop = await cachedOnB(a, b, 'anna@example.nl');
  const phone = await cachedOnB(a, b, 'anna@example.nl');
  const change = await a.request(`/api/user/${userId}/update-password`, {
    method: 'POST',
    token: laptop.accessToken,
    json: { password: 'een nieuw wachtwoord 42', currentPassword: TEST_PASSWORD },
  });
  expect(change.status).toBe(204);
  expect(await soon(async () => (await me(b, phone.accessToken)).status === 401)).toBe(true);
  expect((await me(b, laptop.accessToken)).status).toBe(200);
});

test.skipIf(!onPostgres)('a role change through A shows on B', async () => {
  const { a, b } = await twoInstances();
  await a.user('admin', 'admin@example.nl');
  const admin = (await a.signIn('admin@example.nl')).accessToken;
  const org = await a.organization('Een');
  const inaId = await a.user('installer', 'ina@example.nl', { organizationId: org });
  const ina = await cachedOnB(a, b, 'ina@example.nl');
  expect((await me(b, ina.accessToken)).body).toMatchObject({ type: 'installer' });
  await a.db.updateTable('user').set({ type: 'admin', organizationId: null }).where('id', '=', inaId).execute();
  expect(await soon(async () => (await me(b, ina.accessToken)).body.type === 'admin')).toBe(true);
  // Through the API too: a new name and organization.
  const org2 = await a.organization('Twee');
  await a.db.updateTable('user').set({ type: 'installer', organizationId: org }).where('id', '=', inaId).execute();
  const patch = await a.request(`/api/user/${inaId}`, {
    method: 'PATCH',
    token: admin,
    json: { email: 'ina@example.nl', fullName: 'Ina Nieuw', organizationId: org2 },
  });
  expect(patch.status).toBe(200);
  expect(await soon(async () => (await me(b, ina.accessToken)).body.fullName === 'Ina Nieuw')).toBe(true);
  expect((await me(b, ina.accessToken)).body).toMatchObject({ type: 'installer', organizationId: org2 });
});

test.skipIf(!onPostgres)('rotation through A: B answers 401 to the old access token and 200 to the new one', async () => {
  const { a, b } = await twoInstances();
  await a.user('admin', 'anna@example.nl');
  const first = await cachedOnB(a, b, 'anna@example.nl');
  const res = await a.request('/auth/refresh', { method: 'POST', json: { refreshToken: first.refreshToken } });
  const second = (await res.json()) as { accessToken: string };
  expect(await soon(async () => (await me(b, first.accessToken)).status === 401)).toBe(true);
  expect((await me(b, second.accessToken)).status).toBe(200);
});

test.skipIf(!onPostgres)('a dropped listening connection turns B’s caches off until it listens again', async () => {
  // B listens again 3 s after losing the connection, so a loaded machine still looks at the gap.
  const { a, b, databaseFile } = await twoInstances(3000);
  await a.user('admin', 'anna@example.nl');
  const { accessToken } = await cachedOnB(a, b, 'anna@example.nl');
  // B's listening connection ends (a restarted database, a network cut).
  const admin = new pg.Client({ connectionString: databaseFile });
  await admin.connect();
  onTestFinished(() => admin.end());
  const { rows } = await admin.query('select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1', [
    listenerName(b.instanceId),
  ]);
  expect(rows).toEqual([{ ended: true }]);
  expect(await soon(() => !b.notices.live)).toBe(true);
  // Meanwhile B hears nothing, so it must not answer from what it remembered.
  await behindEveryonesBack(databaseFile, 'delete from "session"');
  expect((await me(b, accessToken)).status).toBe(401);
  const computed: number[] = [];
  const figure = () => cachedFigure(b.db, 'test', [1], async () => computed.push(1));
  await figure();
  await figure();
  expect(computed).toHaveLength(2);
  expect(b.notices.live).toBe(false);
  // Listening again: the caches serve again.
  expect(await soon(() => b.notices.live, 5000)).toBe(true);
  const again = await cachedOnB(a, b, 'anna@example.nl');
  await behindEveryonesBack(databaseFile, 'delete from "session"');
  expect((await me(b, again.accessToken)).status).toBe(200);
});

test.skipIf(!onPostgres)('values stored through A drop B’s cached figures of those channels, not of others', async () => {
  const { a, b } = await twoInstances();
  await a.db
    .insertInto('feed')
    .values({ uuid: 'f', provider: 'kenter', name: 'f', meterKind: 'electricity', status: 'verified', createTimestamp: 0 })
    .execute();
  const channel = async (code: string) =>
    (
      await a.db
        .insertInto('channel')
        .values({ feedUuid: 'f', code, url: 'http://127.0.0.1:9/x', createTimestamp: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const one = await channel('1.8.0');
  const two = await channel('2.8.0');
  const computed = { [one]: 0, [two]: 0 };
  const figure = (id: number) => cachedFigure(b.db, 'test', [id], async () => ++computed[id]!);
  expect([await figure(one), await figure(two), await figure(one), await figure(two)]).toEqual([1, 1, 1, 1]);
  await a.db.insertInto('measurement').values({ channelId: one, ts: 0, value: 1 }).execute();
  expect(await soon(async () => (await figure(one)) === 2)).toBe(true);
  expect(await figure(two)).toBe(1);
  // An upsert over an existing value (a late correction) counts too.
  await a.db
    .insertInto('measurement')
    .values({ channelId: one, ts: 0, value: 2 })
    .onConflict((oc) => oc.columns(['channelId', 'ts']).doUpdateSet({ value: 2 }))
    .execute();
  expect(await soon(async () => (await figure(one)) === 3)).toBe(true);
  expect(await figure(two)).toBe(1);
});
