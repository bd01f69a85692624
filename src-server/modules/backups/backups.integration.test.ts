/**
 * Backups a firm relies on: made while running, listed, downloaded by admins only, restored into
 * a new DATA_DIR with the same answers, encrypted with a passphrase that must match, and a restore
 * that refuses while a server holds the data. On PostgreSQL (`npm run test:pg`) the same round trip
 * takes the snapshot from PostgreSQL and restores it into SQLite, and one more restores it into
 * another PostgreSQL database.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test, onTestFinished } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { createHarness } from '../../testing/harness';
import { testDatabase, testingOnPostgres } from '../../testing/test-database';
import { testTempDir } from '../../testing/temp-dir';
import { lockDataDir } from '../../platform/data-dir-lock';
import { ConfigError } from '../../platform/errors';
import { loadConfig } from '../../config';
import { restoreBackup } from './restore';

/** Answers a signed-in admin reads; the same after a restore. */
const PAGES = ['/api/organizations/with-locations', '/api/users/list?pageNumber=0&pageSize=100', '/api/v1/alarms/dashboards/search?page=0&size=100'];

async function world() {
  const w = await createAlarmWorld();
  await w.callers.admin.alarm.create({ dashboardId: w.dashA.id, line: 'Pomp 2 storing', priority: 'HIGH' } as never);
  await w.callers.admin.alarmDashboard.rename({ dashboardId: w.dashA.id, name: 'Pomp en co' });
  const token = (await w.h.signIn('admin@example.nl')).accessToken;
  return { w, token };
}

async function answers(h: { request: (p: string, i: { token: string }) => Response | Promise<Response> }, token: string) {
  return Promise.all(PAGES.map(async (p) => ({ page: p, status: (await h.request(p, { token })).status, body: await (await h.request(p, { token })).json() })));
}

test('a backup made over the API and restored into a new DATA_DIR answers the API as the original did', async () => {
  const { w, token } = await world();
  const made = await w.h.request('/api/admin/backups', { method: 'POST', token });
  expect(made.status).toBe(201);
  const backup = await made.json();
  expect(backup).toMatchObject({ name: expect.stringMatching(/^energiebeheer-\d{8}T\d{6}Z\.backup$/), verified: true });
  expect(backup.tables.alarm).toBe(1);
  expect((await (await w.h.request('/api/admin/backups', { token })).json()).backups).toEqual([backup]);
  const before = await answers(w.h, token);
  expect(before.map((a) => a.status)).toEqual([200, 200, 200]);
  expect(JSON.stringify(before)).toContain('Pomp');

  const download = await w.h.request(`/api/admin/backups/${backup.name}`, { token });
  expect(download.status).toBe(200);
  expect(download.headers.get('content-disposition')).toContain(backup.name);
  const file = path.join(testTempDir('energie-download-'), backup.name);
  writeFileSync(file, Buffer.from(await download.arrayBuffer()));
  expect(statSync(file).size).toBe(backup.size);

  const dataDir = testTempDir('energie-restored-');
  const lines: string[] = [];
  await restoreBackup({ file, to: dataDir, log: (l) => lines.push(l) });
  expect(lines.join('\n')).toMatch(/gelezen en gecontroleerd/);
  expect(lines.join('\n')).toMatch(/aantallen per tabel gecontroleerd/);
  expect(lines.join('\n')).toMatch(/secret\.key zat niet in de back-up/);
  const restored = await createHarness({ databaseFile: path.join(dataDir, 'app.db') });
  // The session was restored too: the same token reads the same answers.
  expect(await answers(restored, token)).toEqual(before);
});

test.skipIf(!testingOnPostgres())('on PostgreSQL a backup restores into a PostgreSQL database: the same answers, the replaced data kept aside', async () => {
  const { w, token } = await world();
  const backup = await (await w.h.request('/api/admin/backups', { method: 'POST', token })).json();
  const before = await answers(w.h, token);
  const file = path.join(w.h.backups.dir, backup.name);
  const target = await testDatabase();
  // The target already holds a (migrated, empty) product: it is put aside, not mixed in.
  const lines: string[] = [];
  await restoreBackup({ file, to: target, log: (l) => lines.push(l) });
  expect(lines.join('\n')).toMatch(/staat opzij als schema \w+_before_restore_/);
  expect(lines.join('\n')).toMatch(/aantallen per tabel gecontroleerd/);
  const restored = await createHarness({ databaseFile: target });
  expect(await answers(restored, token)).toEqual(before);
});

test.skipIf(!testingOnPostgres())('on PostgreSQL a restore refuses while an instance holds a live lease on the database, and changes nothing', async () => {
  const { w, token } = await world();
  const backup = await (await w.h.request('/api/admin/backups', { method: 'POST', token })).json();
  const target = await testDatabase();
  const running = await createHarness({ databaseFile: target });
  await running.db.insertInto('organization').values({ name: 'Al in gebruik', createdAt: 0 }).execute();
  // What a running instance holds while it works: a lease that has not expired.
  await running.db
    .insertInto('lease')
    .values({ name: 'notify', owner: 'server-a:4242', expiresAt: Math.floor(Date.now() / 1000) + 60 })
    .execute();
  const lines: string[] = [];
  await expect(restoreBackup({ file: path.join(w.h.backups.dir, backup.name), to: target, log: (l) => lines.push(l) })).rejects.toThrow(
    /Er draait nog een server .*server-a:4242.*Er is niets veranderd/,
  );
  expect(lines).toEqual([]);
  const names = await running.db.selectFrom('organization').select('name').execute();
  expect(names.map((o) => o.name)).toEqual(['Al in gebruik']);
});

test('only admins list, make or download backups; a name that is not a backup of the folder is a 404', async () => {
  const { w, token } = await world();
  const installer = (await w.h.signIn('inst-a@example.nl')).accessToken;
  expect((await w.h.request('/api/admin/backups', { token: installer })).status).toBe(403);
  expect((await w.h.request('/api/admin/backups', { method: 'POST', token: installer })).status).toBe(403);
  expect((await w.h.request('/api/admin/backups')).status).toBe(401);
  mkdirSync(w.h.backups.dir, { recursive: true });
  writeFileSync(path.join(w.h.backups.dir, 'notes.txt'), 'geheim');
  for (const name of ['notes.txt', '..%2Fapp.db', '%2E%2E%2Fsecret.key', 'energiebeheer-20260101T000000Z.backup']) {
    expect((await w.h.request(`/api/admin/backups/${name}`, { token })).status, name).toBe(404);
  }
});

test('an encrypted backup carries the secret key and the Web Push keys; a wrong passphrase restores nothing and says so in one line', async () => {
  const { w, token } = await world();
  w.h.backups.passphrase = 'een lange geheime zin';
  const backup = await (await w.h.request('/api/admin/backups', { method: 'POST', token })).json();
  const file = path.join(w.h.backups.dir, backup.name);
  expect(readFileSync(file).includes(Buffer.from('Pomp 2 storing'))).toBe(false);

  const dataDir = testTempDir('energie-restored-');
  writeFileSync(path.join(dataDir, 'app.db'), 'de database van gisteren');
  const restore = (passphrase?: string) => restoreBackup({ file, to: dataDir, passphrase, log: () => undefined });
  await expect(restore('verkeerde zin')).rejects.toThrow(/^Het wachtwoord \(BACKUP_PASSPHRASE\) past niet bij deze back-up\. Er is niets veranderd\.$/);
  await expect(restore()).rejects.toThrow(/versleuteld/);
  expect(readdirSync(dataDir).sort()).toEqual(['app.db', 'instance.lock']);
  expect(readFileSync(path.join(dataDir, 'app.db'), 'utf8')).toBe('de database van gisteren');

  writeFileSync(path.join(dataDir, 'vapid.json'), '{"publicKey":"van een andere server"}');
  await restore('een lange geheime zin');
  expect(readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim()).toBe('test-secret-key-'.repeat(3));
  // The phones' subscriptions are bound to the key pair: the restored server pushes with the same one.
  const { publicKey, privateKey } = w.h.contact.webPush.vapid;
  expect(loadConfig({ DATA_DIR: dataDir }).vapid).toMatchObject({ publicKey, privateKey });
  const vapidAside = readdirSync(dataDir).find((f) => f.startsWith('vapid.json.before-restore-'))!;
  expect(readFileSync(path.join(dataDir, vapidAside), 'utf8')).toContain('van een andere server');
  const aside = readdirSync(dataDir).find((f) => f.startsWith('app.db.before-restore-'))!;
  expect(readFileSync(path.join(dataDir, aside), 'utf8')).toBe('de database van gisteren');
});

test('a restore refuses while a server holds the DATA_DIR, and changes nothing', async () => {
  const { w, token } = await world();
  const backup = await (await w.h.request('/api/admin/backups', { method: 'POST', token })).json();
  const dataDir = testTempDir('energie-running-');
  writeFileSync(path.join(dataDir, 'app.db'), 'in gebruik');
  const unlock = lockDataDir(dataDir);
  onTestFinished(() => unlock());
  await expect(restoreBackup({ file: path.join(w.h.backups.dir, backup.name), to: dataDir, log: () => undefined })).rejects.toThrow(ConfigError);
  expect(readFileSync(path.join(dataDir, 'app.db'), 'utf8')).toBe('in gebruik');
  expect(existsSync(path.join(dataDir, 'secret.key'))).toBe(false);
});

test('a backup killed halfway (SIGKILL) leaves the database and the earlier backup intact, and no half file listed', async () => {
  const dir = testTempDir('energie-kill-');
  const file = path.join(dir, 'app.db');
  const h = await createHarness({ databaseFile: file, backup: { dir: path.join(dir, 'backups') } });
  const org = await h.organization('Jansen Installatie');
  const earlier = await h.jobs.runNow('backup', { now: true });
  await h.feed({ uuid: 'feed-k', organizationId: org });
  const channel = await h.channel('feed-k');
  for (let i = 0; i < 20; i++) {
    await h.db
      .insertInto('measurement')
      .values(Array.from({ length: 10_000 }, (_, j) => ({ channelId: channel, ts: 1_790_000_000 + (i * 10_000 + j) * 900, value: Math.random() })))
      .execute();
  }
  await h.close();

  const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/testing/backup-process.ts', file, path.join(dir, 'backups')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  // Killed once the compressed file is being written: the snapshot is taken, nothing is named yet.
  while (!readdirSync(path.join(dir, 'backups')).some((f) => f.endsWith('.partial')) && child.exitCode === null) await new Promise((r) => setTimeout(r, 2));
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  expect(output).not.toContain('done');
  expect(readdirSync(path.join(dir, 'backups')).some((f) => f.startsWith('.tmp-'))).toBe(true);

  const after = await createHarness({ databaseFile: file, backup: { dir: path.join(dir, 'backups') } });
  expect(
    await after.db
      .selectFrom('measurement')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ).toEqual({ n: 200_000 });
  expect((await after.db.selectFrom('organization').select('name').execute()).map((o) => o.name)).toEqual(['Jansen Installatie']);
  const admin = await after.user('admin', 'beheer@example.nl');
  expect(admin).toBeGreaterThan(0);
  const token = (await after.signIn('beheer@example.nl')).accessToken;
  expect((await (await after.request('/api/admin/backups', { token })).json()).backups).toEqual([earlier]);
  // The next backup clears what the killed one left.
  await after.jobs.runNow('backup', { now: true });
  expect(readdirSync(path.join(dir, 'backups')).filter((f) => f.startsWith('.tmp-'))).toEqual([]);
}, 90_000);

test('on a database file the product keeps writing while a backup runs; the backup holds one consistent moment', async () => {
  const dir = testTempDir('energie-live-');
  const h = await createHarness({ databaseFile: path.join(dir, 'app.db'), backup: { dir: path.join(dir, 'backups') } });
  onTestFinished(() => h.close());
  await h.feed({ uuid: 'feed-l' });
  const channel = await h.channel('feed-l');
  for (let i = 0; i < 10; i++) {
    await h.db
      .insertInto('measurement')
      .values(Array.from({ length: 10_000 }, (_, j) => ({ channelId: channel, ts: 1_790_000_000 + (i * 10_000 + j) * 900, value: j })))
      .execute();
  }
  let finished = false;
  const backup = (h.jobs.runNow('backup', { now: true }) as Promise<{ tables: Record<string, number> }>).finally(() => (finished = true));
  // Writes go on during the backup: none waits for it, and none is lost.
  let written = 0;
  while (!finished) {
    await h.organization(`Klant ${written}`);
    written++;
    await new Promise((r) => setTimeout(r, 5)); // SQLite answers synchronously: let the worker's answer in
  }
  const made = await backup;
  const organizations = await h.db
    .selectFrom('organization')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(organizations.n)).toBe(written);
  expect(written).toBeGreaterThan(0);
  expect(made.tables.measurement).toBe(100_000);
  expect(made.tables.organization).toBeLessThanOrEqual(written);
}, 60_000);

// 41 real backups, each checked in its own worker thread (started through tsx here: about half a second each).
test('the scheduled job makes one backup per slot and the folder keeps what BACKUP_KEEP says across 40 days', async () => {
  let now = Date.parse('2026-03-01T02:30:00Z');
  const h = await createHarness({ clock: () => new Date(now), backup: { schedule: { times: ['03:00'] }, keep: { d: 3, w: 2 } } });
  await h.organization('Jansen Installatie');
  const names = () => readdirSync(h.backups.dir).sort();
  // The first run makes up the missed slot of the night before; a second run the same night does nothing.
  await h.jobs.runNow('backup');
  expect(await h.jobs.runNow('backup')).toEqual({ skipped: expect.any(String) });
  expect(names()).toEqual(['energiebeheer-20260301T023000Z.backup']);
  for (let day = 0; day < 40; day++) {
    now = Date.parse('2026-03-01T02:05:00Z') + (day + 1) * 86_400_000;
    await h.jobs.runNow('backup');
  }
  // 3 newest days, and the newest of the 2 newest ISO weeks (the Sunday closing the week before).
  expect(names()).toEqual([
    'energiebeheer-20260405T020500Z.backup',
    'energiebeheer-20260408T020500Z.backup',
    'energiebeheer-20260409T020500Z.backup',
    'energiebeheer-20260410T020500Z.backup',
  ]);
}, 240_000);
