/**
 * Restoring a backup file into a DATA_DIR (SQLite) or a PostgreSQL database. Nothing is touched
 * until the file has been read back whole (hash, integrity, row counts) — a wrong passphrase or a
 * damaged file changes nothing. It refuses while a server holds the data (the DATA_DIR lock, or a
 * live lease on PostgreSQL); the replaced database is kept aside beside it; the restored one is
 * migrated to this version's schema, so a backup of an older version restores into a newer one.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { localDateTimeText } from '@/lib/amsterdam';
import { copyCommand } from '../../platform/db/copy';
import { describeTarget, isPostgresUrl, openDatabase } from '../../platform/db/database';
import { migrateToLatest } from '../../platform/db/migrate';
import { lockDataDir } from '../../platform/data-dir-lock';
import { BackupFileError, type BackupKeys, type Manifest, extractBackupFile } from './backup-file';
import { inspectSnapshot } from './backups.queries';
import { liveHolders, renameSchemaAside, schemaOf } from './restore.queries';

export class RestoreError extends Error {}

export interface RestoreOptions {
  file: string;
  /** A DATA_DIR or a postgres:// URL. */
  to: string;
  passphrase?: string;
  log: (line: string) => void;
  now?: () => Date;
}

const stampOf = (at: Date) => at.toISOString().slice(0, 19).replace(/[-:]/g, '') + 'Z';
const sum = (tables: Record<string, number>) => Object.values(tables).reduce((a, b) => a + b, 0);

function checkCounts(found: Record<string, number>, manifest: Manifest, when: string) {
  for (const [table, rows] of Object.entries(manifest.tables)) {
    if (found[table] !== undefined && found[table] !== rows) throw new RestoreError(`Tabel ${table} heeft ${found[table]} rijen ${when}, de back-up ${rows}.`);
  }
}

/** Reads the backup into a SQLite file at `database` and checks it against its manifest. */
async function extractChecked(options: RestoreOptions, database: string) {
  const extracted = await extractBackupFile(options.file, database, options.passphrase);
  const facts = inspectSnapshot(database);
  if (!facts.ok) throw new RestoreError(`De database in de back-up is niet in orde: ${facts.problem}. Er is niets veranderd.`);
  checkCounts(facts.tables, extracted.manifest, 'in het bestand');
  const { manifest } = extracted;
  options.log(
    `Back-up ${path.basename(options.file)} van ${localDateTimeText(Date.parse(manifest.createdAt) / 1000)} gelezen en gecontroleerd: versie ${manifest.version}, ${manifest.engine}, ${Object.keys(manifest.tables).length} tabellen, ${sum(manifest.tables)} rijen.`,
  );
  return extracted;
}

export async function restoreBackup(options: RestoreOptions): Promise<void> {
  try {
    if (isPostgresUrl(options.to)) await restoreIntoPostgres(options);
    else await restoreIntoDataDir(options);
  } catch (error) {
    if (error instanceof BackupFileError) throw new RestoreError(error.message);
    throw error;
  }
}

async function restoreIntoDataDir(options: RestoreOptions) {
  const dataDir = path.resolve(options.to);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // A ConfigError with one line when a server runs on this DATA_DIR.
  const unlock = lockDataDir(dataDir);
  const stamp = stampOf((options.now ?? (() => new Date()))());
  const database = path.join(dataDir, 'app.db');
  const incoming = path.join(dataDir, `.restore-${stamp}.db`);
  const aside = `${database}.before-restore-${stamp}`;
  const moved: [string, string][] = [];
  try {
    const { manifest, keys } = await extractChecked(options, incoming);
    for (const suffix of ['', '-wal', '-shm']) {
      if (!existsSync(database + suffix)) continue;
      await rename(database + suffix, aside + suffix);
      moved.push([aside + suffix, database + suffix]);
    }
    if (moved.length > 0) options.log(`De vorige database staat opzij als ${aside}.`);
    await rename(incoming, database);
    const db = openDatabase(database);
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    const after = inspectSnapshot(database);
    checkCounts(after.tables, manifest, 'na het bijwerken');
    options.log(`Hersteld in ${database}, bijgewerkt naar schema ${after.schema}; ${sum(after.tables)} rijen, aantallen per tabel gecontroleerd.`);
    await restoreSecretKey(options, dataDir, keys?.secretKey ?? null, stamp);
    if (keys?.vapid) await restoreVapidKeys(options, dataDir, keys.vapid, stamp);
  } catch (error) {
    // Anything amiss after the old database was moved: it goes back where it was.
    if (moved.length > 0) {
      await rm(database, { force: true });
      for (const [from, to] of moved.reverse()) await rename(from, to).catch(() => undefined);
    }
    throw error;
  } finally {
    await Promise.all([incoming, `${incoming}-wal`, `${incoming}-shm`].map((f) => rm(f, { force: true })));
    unlock();
  }
}

async function restoreSecretKey(options: RestoreOptions, dataDir: string, secretKey: string | null, stamp: string) {
  const file = path.join(dataDir, 'secret.key');
  if (!secretKey) {
    options.log(
      existsSync(file)
        ? `secret.key zat niet in de back-up: ${file} blijft staan. Is dit niet de sleutel van de back-up, zet dan de bewaarde secret.key terug.`
        : `secret.key zat niet in de back-up: zet de bewaarde secret.key in ${dataDir} (of SECRET_KEY) voor u start.`,
    );
    return;
  }
  if (existsSync(file)) await rename(file, `${file}.before-restore-${stamp}`);
  await writeFile(file, secretKey + '\n', { mode: 0o600 });
  options.log(
    `secret.key uit de back-up teruggezet${existsSync(`${file}.before-restore-${stamp}`) ? ` (de vorige staat opzij als ${file}.before-restore-${stamp})` : ''}.`,
  );
}

/** The Web Push key pair back as DATA_DIR/vapid.json, so the phones' subscriptions keep working. */
async function restoreVapidKeys(options: RestoreOptions, dataDir: string, vapid: NonNullable<BackupKeys['vapid']>, stamp: string) {
  const file = path.join(dataDir, 'vapid.json');
  const aside = `${file}.before-restore-${stamp}`;
  if (existsSync(file)) await rename(file, aside);
  await writeFile(file, JSON.stringify(vapid, null, 2) + '\n', { mode: 0o600 });
  options.log(`De Web Push-sleutels (vapid.json) uit de back-up teruggezet${existsSync(aside) ? ` (de vorige staan opzij als ${aside})` : ''}.`);
}

async function restoreIntoPostgres(options: RestoreOptions) {
  const target = openDatabase(options.to);
  const temp = await mkdtemp(path.join(tmpdir(), 'energie-restore-'));
  const stamp = stampOf((options.now ?? (() => new Date()))());
  try {
    const holders = await liveHolders(target, Math.floor(Date.now() / 1000));
    if (holders.length > 0)
      throw new RestoreError(
        `Er draait nog een server op ${describeTarget(options.to)} (${holders.join(', ')}): stop alle instanties en probeer het opnieuw. Er is niets veranderd.`,
      );
    const database = path.join(temp, 'restore.db');
    const { keys } = await extractChecked(options, database);
    const schema = await schemaOf(target);
    const aside = `${schema}_before_restore_${stamp.toLowerCase()}`;
    await renameSchemaAside(target, schema, aside);
    options.log(`De vorige database staat opzij als schema ${aside}.`);
    await target.destroy();
    const report = await copyCommand(database, options.to, () => undefined);
    options.log(
      `Hersteld in ${describeTarget(options.to)}, bijgewerkt naar het huidige schema; ${report.tables.reduce((a, t) => a + t.rows, 0)} rijen, aantallen per tabel gecontroleerd.`,
    );
    if (keys) {
      const keyFile = `${options.file}.secret.key`;
      await writeFile(keyFile, keys.secretKey + '\n', { mode: 0o600 });
      options.log(`De secret.key uit de back-up staat in ${keyFile}: geef hem elke instantie als SECRET_KEY (of DATA_DIR/secret.key).`);
      if (keys.vapid) {
        const vapidFile = `${options.file}.vapid.json`;
        await writeFile(vapidFile, JSON.stringify(keys.vapid, null, 2) + '\n', { mode: 0o600 });
        options.log(`De Web Push-sleutels uit de back-up staan in ${vapidFile}: geef ze elke instantie als VAPID_PUBLIC_KEY en VAPID_PRIVATE_KEY.`);
      }
    }
  } finally {
    await target.destroy().catch(() => undefined);
    await rm(temp, { recursive: true, force: true });
  }
}
