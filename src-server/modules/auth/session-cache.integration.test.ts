/**
 * The in-memory sign-in cache: every change to a sign-in or its user shows on the very
 * next request. Each test first asks /auth/me with the token, so the answer is cached before the
 * change (on either engine: on PostgreSQL the instance's own writes empty it at once too; other
 * instances' writes are in cache-across-instances.integration.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, test, onTestFinished } from 'vitest';
import { createHarness, type Harness, TEST_PASSWORD } from '../../testing/harness';
import { createSessionCache, writesWatched } from './session-cache';
import { createChangeNotices } from '../../platform/db/change-notices';

const NEW_PASSWORD = 'een nieuw wachtwoord 42';

async function me(h: Harness, token: string) {
  const res = await h.request('/auth/me', { token });
  return { status: res.status, body: await res.json() };
}

/** Signed in and answered twice, so the second answer came from the cache. */
async function cachedSignIn(h: Harness, email: string) {
  const tokens = await h.signIn(email);
  expect((await me(h, tokens.accessToken)).status).toBe(200);
  expect((await me(h, tokens.accessToken)).status).toBe(200);
  return tokens;
}

async function adminWithToken(h: Harness) {
  await h.user('admin', 'admin@example.nl');
  return (await h.signIn('admin@example.nl')).accessToken;
}

describe('GET /auth/me after a change to the sign-in, with its answer cached', () => {
  test('a cached answer is served without the database: a change behind the process’s back goes unseen (why other instances’ writes must be told)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'session-cache-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const h = await createHarness({ databaseFile: path.join(dir, 'app.db') });
    await h.user('admin', 'anna@example.nl');
    const { accessToken } = await cachedSignIn(h, 'anna@example.nl');
    const other = new SQLite(path.join(dir, 'app.db'));
    other.prepare('delete from session').run();
    other.close();
    expect((await me(h, accessToken)).status).toBe(200);
    // Shared by the requests of that token: frozen, so none can change it for the others.
    expect(Object.isFrozen((await h.auth.authenticate(accessToken))!.user)).toBe(true);
    // Any write through the process empties the cache, and the database answers again.
    await h.db.updateTable('user').set({ fullName: 'Anna' }).execute();
    expect((await me(h, accessToken)).status).toBe(401);
    await h.close();
  });

  test('logout: the access token answers 401 at once', async () => {
    const h = await createHarness();
    await h.user('admin', 'anna@example.nl');
    const { accessToken } = await cachedSignIn(h, 'anna@example.nl');
    expect((await h.request('/auth/logout', { method: 'POST', token: accessToken })).status).toBe(204);
    expect((await me(h, accessToken)).status).toBe(401);
  });

  test('rotation: the old access token answers 401, the new one 200', async () => {
    const h = await createHarness();
    await h.user('admin', 'anna@example.nl');
    const first = await cachedSignIn(h, 'anna@example.nl');
    const res = await h.request('/auth/refresh', { method: 'POST', json: { refreshToken: first.refreshToken } });
    const second = (await res.json()) as { accessToken: string };
    expect((await me(h, first.accessToken)).status).toBe(401);
    expect((await me(h, second.accessToken)).status).toBe(200);
  });

  test('a password reset by an admin ends the user’s sign-ins at once', async () => {
    const h = await createHarness();
    const admin = await adminWithToken(h);
    const userId = await h.user('admin', 'anna@example.nl');
    const anna = await cachedSignIn(h, 'anna@example.nl');
    const reset = await h.request(`/api/user/${userId}/update-password`, { method: 'POST', token: admin, json: { password: NEW_PASSWORD } });
    expect(reset.status).toBe(204);
    expect((await me(h, anna.accessToken)).status).toBe(401);
    expect((await me(h, admin)).status).toBe(200);
  });

  test('changing one’s own password ends the other sign-ins and keeps this one', async () => {
    const h = await createHarness();
    const userId = await h.user('admin', 'anna@example.nl');
    const laptop = await cachedSignIn(h, 'anna@example.nl');
    const phone = await cachedSignIn(h, 'anna@example.nl');
    const change = await h.request(`/api/user/${userId}/update-password`, {
      method: 'POST',
      token: laptop.accessToken,
      json: { password: NEW_PASSWORD, currentPassword: TEST_PASSWORD },
    });
    expect(change.status).toBe(204);
    expect((await me(h, phone.accessToken)).status).toBe(401);
    expect((await me(h, laptop.accessToken)).status).toBe(200);
  });

  test('a deleted user’s token answers 401 at once', async () => {
    const h = await createHarness();
    const admin = await adminWithToken(h);
    const userId = await h.user('admin', 'anna@example.nl');
    const anna = await cachedSignIn(h, 'anna@example.nl');
    expect((await h.request(`/api/user/${userId}`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await me(h, anna.accessToken)).status).toBe(401);
  });

  test('a new name, organization or location list shows at once', async () => {
    const h = await createHarness();
    const admin = await adminWithToken(h);
    const org1 = await h.organization('Een');
    const org2 = await h.organization('Twee');
    const loc1 = await h.location(org1);
    const loc2 = await h.location(org1);
    const installerId = await h.user('installer', 'ina@example.nl', { organizationId: org1 });
    const customerId = await h.user('customer', 'kees@example.nl', { locationIds: [loc1] });
    const ina = await cachedSignIn(h, 'ina@example.nl');
    const kees = await cachedSignIn(h, 'kees@example.nl');

    const patch = (id: number, json: object) => h.request(`/api/user/${id}`, { method: 'PATCH', token: admin, json });
    expect((await patch(installerId, { email: 'ina@example.nl', fullName: 'Ina Nieuw', organizationId: org2 })).status).toBe(200);
    expect((await me(h, ina.accessToken)).body).toMatchObject({ fullName: 'Ina Nieuw', organizationId: org2 });

    expect((await patch(customerId, { email: 'kees@example.nl', fullName: 'kees', locationIds: [loc1, loc2] })).status).toBe(200);
    expect((await me(h, kees.accessToken)).body).toMatchObject({ type: 'customer', locationIds: [loc1, loc2] });
  });

  test('a write to the user or session table by any code path counts, not only the auth service', async () => {
    const h = await createHarness();
    const annaId = await h.user('installer', 'anna@example.nl', { organizationId: await h.organization() });
    const anna = await cachedSignIn(h, 'anna@example.nl');
    await h.db.updateTable('user').set({ type: 'admin', organizationId: null }).where('id', '=', annaId).execute();
    expect((await me(h, anna.accessToken)).body).toMatchObject({ type: 'admin' });
    await sql`delete from "session" where "userId" = ${annaId}`.execute(h.db);
    expect((await me(h, anna.accessToken)).status).toBe(401);
  });

  test('a cached token still expires: unused for an hour it answers 401', async () => {
    let clock = 1_000_000;
    const h = await createHarness({ clock: () => new Date(clock * 1000) });
    await h.user('admin', 'anna@example.nl');
    const { accessToken } = await cachedSignIn(h, 'anna@example.nl');
    clock += 20 * 60;
    expect((await me(h, accessToken)).status).toBe(200);
    clock += 41 * 60; // 61 minutes after the last extension (sign-in)
    expect((await me(h, accessToken)).status).toBe(401);
  });

  test('past half its life a cached token is extended in the database, as without the cache', async () => {
    let clock = 1_000_000;
    const h = await createHarness({ clock: () => new Date(clock * 1000) });
    await h.user('admin', 'anna@example.nl');
    const { accessToken } = await cachedSignIn(h, 'anna@example.nl');
    clock += 40 * 60;
    expect((await me(h, accessToken)).status).toBe(200);
    const [id] = accessToken.split('.');
    const row = await h.db.selectFrom('session').select('expiresAt').where('id', '=', id!).executeTakeFirstOrThrow();
    expect(row.expiresAt).toBe(clock + 3600);
    clock += 40 * 60; // 80 minutes after sign-in, 40 after the extension
    expect((await me(h, accessToken)).status).toBe(200);
  });
});

describe('which statements empty the cache', () => {
  test('writes to session, user and userLocation do; reads and writes elsewhere do not; raw writes naming them do', async () => {
    const h = await createHarness();
    const node = (q: { toOperationNode(): Parameters<typeof writesWatched>[0] }) => writesWatched(q.toOperationNode());
    expect(node(h.db.selectFrom('session').selectAll())).toBe(false);
    expect(node(h.db.deleteFrom('session').where('id', '=', 'x'))).toBe(true);
    expect(node(h.db.updateTable('user').set({ fullName: 'x' }))).toBe(true);
    expect(node(h.db.insertInto('userLocation').values({ userId: 1, locationId: 1 }))).toBe(true);
    expect(node(h.db.deleteFrom('userLocation as ul').where('ul.userId', '=', 1))).toBe(true);
    expect(node(h.db.updateTable('organization').set({ name: 'x' }))).toBe(false);
    expect(node(h.db.insertInto('measurementHour').values({ channelId: 1, ts: 0, value: 1 }))).toBe(false);
    expect(writesWatched(sql`update "user" set "fullName" = 'x'`.toOperationNode())).toBe(true);
    expect(writesWatched(sql`select * from "session"`.toOperationNode())).toBe(false);
    expect(writesWatched(sql`delete from "alarm"`.toOperationNode())).toBe(false);
  });

  test('a raw read built of pieces (a table, a list of values, a reference) does not; a raw write built so to a watched table does', () => {
    const ids = sql.join([1, 2].map((id) => sql`(cast(${id} as bigint))`));
    const read = sql`with "c" ("id") as (values ${ids}) select (select max(${sql.ref('m.ts')}) from ${sql.table('measurement')} as "m" where "m"."channelId" = "c"."id") from "c"`;
    expect(writesWatched(read.toOperationNode())).toBe(false);
    expect(writesWatched(sql`with "x" as (select 1) delete from ${sql.table('session')} where "id" in (${sql.join(['a', 'b'])})`.toOperationNode())).toBe(true);
    expect(writesWatched(sql`with "x" as (select 1) update ${sql.table('alarm')} set "seen" = ${1}`.toOperationNode())).toBe(false);
  });

  test('an answer read while a watched write happened is not kept', () => {
    const cache = createSessionCache(createChangeNotices());
    const stamp = cache.stamp();
    const queryId = { queryId: 'q' };
    cache.plugin.transformQuery({
      node: { kind: 'DeleteQueryNode', from: { kind: 'FromNode', froms: [{ kind: 'TableNode', table: { identifier: { name: 'session' } } }] } } as never,
      queryId,
    });
    const auth = { user: { id: 1, type: 'admin', email: 'a@example.nl', fullName: 'a' }, sessionId: 's', familyId: 'f' } as const;
    cache.set('token', auth, 10_000, stamp);
    expect(cache.get('token', 0, 1800)).toBeUndefined();
    cache.set('token', auth, 10_000, cache.stamp());
    expect(cache.get('token', 0, 1800)).toBe(auth);
  });
});
