/**
 * Upgrades: a database written by the first release (the migrations of its first day: foundation,
 * meters and feeds, hourly roll-up) with a firm's data migrates to today's schema, and the product
 * reads that data; a backup of such a database restores into this version too.
 */
import path from 'node:path';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import { expect, test } from 'vitest';
import { createHarness, TEST_PASSWORD } from '../../testing/harness';
import { testTempDir } from '../../testing/temp-dir';
import { hashPassword } from '../users/passwords';
import { writeBackupFile } from './backup-file';
import { inspectSnapshot } from './backups.queries';
import { restoreBackup } from './restore';
import { migrations } from '../../../migrations';

const FIRST_RELEASE = ['2026-11-22T1400-foundation', '2026-11-22T1500-meters-and-feeds', '2026-11-22T1600-hourly-rollup'];

/** A SQLite file with only the first release's migrations and a firm in it: an organization, a location, an admin, a meter. */
async function firstReleaseDatabase(file: string) {
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(file) }) }); // eslint-disable-line @typescript-eslint/no-explicit-any
  const migrator = new Migrator({ db, provider: { getMigrations: async () => Object.fromEntries(FIRST_RELEASE.map((n) => [n, migrations[n]!])) } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  await db.insertInto('organization').values({ id: 1, name: 'Jansen Installatie', createdAt: 1_790_000_000 }).execute();
  await db
    .insertInto('location')
    .values({
      id: 1,
      organizationId: 1,
      name: 'Kantoor Utrecht',
      country: 'NL',
      state: 'Utrecht',
      city: 'Utrecht',
      streetAddress: 'Stationsplein 1',
      zipcode: '3511 ED',
      createdAt: 1_790_000_000,
    })
    .execute();
  await db
    .insertInto('user')
    .values({
      id: 1,
      type: 'admin',
      email: 'eerste@example.nl',
      fullName: 'Eerste Beheerder',
      passwordHash: await hashPassword(TEST_PASSWORD),
      createdAt: 1_790_000_000,
    })
    .execute();
  await db.insertInto('meter').values({ id: 1, locationId: 1, name: 'Hoofdmeter', type: 'electricity', createdAt: 1_790_000_000 }).execute();
  await db.destroy();
}

async function readsTheFirm(databaseFile: string) {
  const h = await createHarness({ databaseFile });
  const token = (await h.signIn('eerste@example.nl')).accessToken;
  const answer = await (await h.request('/api/organizations/with-locations', { token })).json();
  expect(JSON.stringify(answer)).toContain('Kantoor Utrecht');
  const meters = await (await h.request('/api/location/1/summary', { token })).json();
  expect(meters).toMatchObject({ name: 'Kantoor Utrecht', meters: [expect.objectContaining({ name: 'Hoofdmeter' })] });
  await h.close();
}

test("a database written by the first release's schema, with data, migrates to today's and the product reads it", async () => {
  const file = path.join(testTempDir('energie-upgrade-'), 'app.db');
  await firstReleaseDatabase(file);
  expect(inspectSnapshot(file).schema).toBe(FIRST_RELEASE.at(-1));
  await readsTheFirm(file);
  expect(inspectSnapshot(file).schema).toBe(Object.keys(migrations).at(-1));
});

test("a backup of the first release's database restores into this version, migrated", async () => {
  const dir = testTempDir('energie-upgrade-');
  const old = path.join(dir, 'old.db');
  await firstReleaseDatabase(old);
  const facts = inspectSnapshot(old);
  const file = path.join(dir, 'energiebeheer-20261122T160000Z.backup');
  await writeBackupFile(
    old,
    file,
    {
      createdAt: '2026-11-22T16:00:00.000Z',
      version: '0.0.1',
      engine: 'sqlite',
      schema: facts.schema,
      tables: facts.tables,
    },
    {},
  );
  const dataDir = path.join(dir, 'data');
  const lines: string[] = [];
  await restoreBackup({ file, to: dataDir, log: (l) => lines.push(l) });
  expect(lines.join('\n')).toContain(`bijgewerkt naar schema ${Object.keys(migrations).at(-1)}`);
  await readsTheFirm(path.join(dataDir, 'app.db'));
});
