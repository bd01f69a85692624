/** Several instances on one database: sign-in limits and the first admin are the database's, not a process's. */
import path from 'node:path';
import { expect, test, onTestFinished } from 'vitest';
import { createHarness, TEST_PASSWORD } from '../../testing/harness';
import { testTempDir } from '../../testing/temp-dir';
import { testDatabase, testingOnPostgres } from '../../testing/test-database';
import { ensureFirstAdmin } from './first-admin';

async function twoInstances() {
  const databaseFile = await testDatabase(path.join(testTempDir('energie-instances-'), 'app.db'));
  const a = await createHarness({ databaseFile });
  const b = await createHarness({ databaseFile });
  return { a, b, close: async () => void (await Promise.all([a.close(), b.close()])) };
}

test('failed sign-ins counted by one instance count on the other: five over both, then 429 on either', async () => {
  const { a, b, close } = await twoInstances();
  onTestFinished(() => close());
  await a.user('admin', 'anna@example.nl');
  const login = (h: typeof a, password: string) => h.request('/auth/login', { method: 'POST', json: { email: 'anna@example.nl', password } });
  const failures = [await login(a, 'fout'), await login(b, 'fout'), await login(a, 'fout'), await login(b, 'fout'), await login(a, 'fout')];
  expect(failures.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
  expect((await login(b, TEST_PASSWORD)).status).toBe(429);
  expect((await login(a, TEST_PASSWORD)).status).toBe(429);
});

test('a successful sign-in on one instance clears the e-mail’s failures on the other', async () => {
  const { a, b, close } = await twoInstances();
  onTestFinished(() => close());
  await a.user('admin', 'anna@example.nl');
  const login = (h: typeof a, password: string) => h.request('/auth/login', { method: 'POST', json: { email: 'anna@example.nl', password } });
  for (let i = 0; i < 4; i++) expect((await login(a, 'fout')).status).toBe(401);
  expect((await login(b, TEST_PASSWORD)).status).toBe(200);
  for (let i = 0; i < 5; i++) expect((await login(a, 'fout')).status).toBe(401);
});

test('two tabs refreshing one token through two instances get the same new pair, and the sign-in lives on', async () => {
  const { a, b, close } = await twoInstances();
  onTestFinished(() => close());
  await a.user('admin', 'anna@example.nl');
  const first = await a.signIn('anna@example.nl');
  const refresh = (h: typeof a) => h.request('/auth/refresh', { method: 'POST', json: { refreshToken: first.refreshToken } });
  const onA = await refresh(a);
  expect(onA.status).toBe(200);
  // B reads the pair A gave from the database (sealed with the spent token's secret), within the grace window.
  const onB = await refresh(b);
  expect(onB.status).toBe(200);
  const pair = await onA.json();
  expect(await onB.json()).toEqual(pair);
  expect((await b.request('/auth/me', { token: pair.accessToken })).status).toBe(200);
  expect((await b.request('/auth/refresh', { method: 'POST', json: { refreshToken: pair.refreshToken } })).status).toBe(200);
});

// PostgreSQL only: two SQLite connections in one process block each other (better-sqlite3 waits synchronously), and SQLite has one instance anyway.
test.skipIf(!testingOnPostgres())('two tabs refreshing one token at the same moment through two instances: one rotation, both get its pair', async () => {
  const { a, b, close } = await twoInstances();
  onTestFinished(() => close());
  await a.user('admin', 'anna@example.nl');
  const first = await a.signIn('anna@example.nl');
  const refresh = (h: typeof a) => h.request('/auth/refresh', { method: 'POST', json: { refreshToken: first.refreshToken } });
  const answers = await Promise.all([refresh(a), refresh(b), refresh(a), refresh(b)]);
  expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  const pairs = await Promise.all(answers.map((r) => r.json()));
  expect(new Set(pairs.map((p) => JSON.stringify(p))).size).toBe(1);
  // One family: the spent refresh token and one new pair.
  expect(await a.db.selectFrom('session').select('kind').orderBy('kind').execute()).toEqual([{ kind: 'access' }, { kind: 'refresh' }, { kind: 'refresh' }]);
  expect((await b.request('/auth/me', { token: pairs[0].accessToken })).status).toBe(200);
});

test('instances starting together on an empty database make the first admin once', async () => {
  const { a, b, close } = await twoInstances();
  onTestFinished(() => close());
  const made = await Promise.all([a, b, a, b].map((h) => ensureFirstAdmin(h.db, h.clock, 'baas@example.nl', 'een-goed-wachtwoord-1')));
  expect(made.filter(Boolean)).toHaveLength(1);
  expect(await a.db.selectFrom('user').select(['email', 'type']).execute()).toEqual([{ email: 'baas@example.nl', type: 'admin' }]);
});
