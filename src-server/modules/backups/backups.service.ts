/**
 * Backups of the whole database while the product runs. A snapshot is taken into a temp file in
 * BACKUP_DIR (SQLite: the online backup API, in the worker thread below; PostgreSQL: one
 * REPEATABLE READ transaction copied into a SQLite file); a worker thread then checks it
 * (`integrity_check`, rows per table), writes it compressed (and encrypted with BACKUP_PASSPHRASE)
 * under a temp name, reads it back and compares it with the snapshot's hash; only then is it renamed to `energiebeheer-<UTC>.backup`. A crash
 * at any point leaves temp files only, which the list ignores and the next backup removes.
 */
import { once } from 'node:events';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { BACKUP_NAME, type Backup } from '@/domain/backup';
import type { Clock } from '../../platform/clock';
import { copyPostgresSnapshot } from '../../platform/db/copy';
import type { DB } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/errors';
import { PRODUCT_VERSION } from '../../platform/version';
import { startWorker } from '../../platform/workers/start-worker';
import { BackupFileError, type BackupKeys, type Manifest, readManifest } from './backup-file';
import { type KeepRule, type Schedule, backupName, backupsToKeep } from './backup-policy';
import type { SealJob } from './backup-seal';

export interface BackupSettings {
  dir: string;
  schedule: Schedule;
  keep: KeepRule;
  passphrase?: string;
}

export interface BackupDeps extends BackupSettings {
  db: DB;
  engine: 'sqlite' | 'postgres';
  /** SQLite: the product's own connection (sqliteHandleOf). */
  sqlite?: SQLite.Database;
  clock: Clock;
  /** Included only in encrypted backups. */
  keys: BackupKeys;
}

const TEMP_PREFIX = '.tmp-';

/** Checks, writes and reads back the snapshot in a worker thread (see backup-seal.ts): requests go on meanwhile. */
async function sealInWorker(job: SealJob): Promise<Manifest> {
  const worker = startWorker(import.meta.url, 'backup-worker', { workerData: job });
  try {
    const [answer] = (await Promise.race([
      once(worker, 'message'),
      once(worker, 'exit').then(([code]) => {
        throw new Error(`De back-up stopte onverwacht (code ${String(code)}).`);
      }),
    ])) as [{ manifest?: Manifest; error?: string }];
    if (!answer.manifest) throw new Error(answer.error ?? 'De back-up mislukte.');
    return answer.manifest;
  } finally {
    await worker.terminate();
  }
}

async function syncDir(dir: string) {
  const handle = await open(dir, 'r');
  await handle.sync().catch(() => undefined);
  await handle.close();
}

/**
 * The consistent copy of the live database as a SQLite file. A SQLite file is copied by the worker
 * (see backup-seal.ts): the answer names it as the source. An in-memory database (tests) is copied
 * here on the product's own connection, a few pages per step between requests.
 */
async function snapshot(deps: BackupDeps, file: string): Promise<string | undefined> {
  if (deps.engine === 'postgres') return void (await copyPostgresSnapshot(deps.db, file));
  if (!deps.sqlite) throw new Error('No SQLite connection to back up.');
  if (!deps.sqlite.memory) return deps.sqlite.name;
  await deps.sqlite.backup(file, { progress: () => 256 });
}

/** Removes what an interrupted backup left: only temp names, never a finished backup. */
async function sweepTemp(dir: string) {
  for (const entry of await readdir(dir)) if (entry.startsWith(TEMP_PREFIX)) await rm(path.join(dir, entry), { force: true });
}

/** Makes, verifies and names one backup; then applies retention. Run under the backup job's lock. */
export async function createBackup(deps: BackupDeps): Promise<Backup> {
  await mkdir(deps.dir, { recursive: true, mode: 0o700 });
  await sweepTemp(deps.dir);
  const at = deps.clock();
  const name = backupName(at);
  const target = path.join(deps.dir, name);
  if (await stat(target).catch(() => null)) throw new AppError('CONFLICT', 'Er is deze seconde al een back-up gemaakt; probeer het zo opnieuw.');
  const temp = (suffix: string) => path.join(deps.dir, `${TEMP_PREFIX}${name}.${process.pid}.${suffix}`);
  const [snapshotFile, writing] = [temp('sqlite'), temp('partial')];
  try {
    const source = await snapshot(deps, snapshotFile);
    const manifest = await sealInWorker({
      source,
      snapshotFile,
      writing,
      createdAt: at.toISOString(),
      version: PRODUCT_VERSION,
      engine: deps.engine,
      passphrase: deps.passphrase,
      keys: deps.keys,
    });
    await rename(writing, target);
    await syncDir(deps.dir);
    const backup: Backup = { name, createdAt: manifest.createdAt, size: (await stat(target)).size, verified: true, tables: manifest.tables };
    await applyRetention(deps);
    return backup;
  } finally {
    await Promise.all([snapshotFile, `${snapshotFile}-wal`, `${snapshotFile}-shm`, writing].map((f) => rm(f, { force: true })));
  }
}

/** Every backup file in the folder, newest first; temp files and other names are not listed. */
export async function listBackups(deps: Pick<BackupDeps, 'dir'>): Promise<Backup[]> {
  const names = (await readdir(deps.dir).catch(() => [] as string[])).filter((n) => BACKUP_NAME.test(n));
  const backups = await Promise.all(
    names.map(async (name): Promise<Backup | null> => {
      const file = path.join(deps.dir, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      try {
        const { manifest } = await readManifest(file);
        return { name, createdAt: manifest.createdAt, size: info.size, verified: true, tables: manifest.tables };
      } catch (error) {
        if (!(error instanceof BackupFileError)) throw error;
        return { name, createdAt: createdAtOfName(name), size: info.size, verified: false, tables: {} };
      }
    }),
  );
  return backups.filter((b) => b !== null).sort((a, b) => b.name.localeCompare(a.name));
}

const createdAtOfName = (name: string) => {
  const [, d] = name.match(/-(\d{8}T\d{6})Z/)!;
  return `${d!.slice(0, 4)}-${d!.slice(4, 6)}-${d!.slice(6, 8)}T${d!.slice(9, 11)}:${d!.slice(11, 13)}:${d!.slice(13, 15)}.000Z`;
};

/** Deletes the backups BACKUP_KEEP does not keep; answers their names. */
async function applyRetention(deps: Pick<BackupDeps, 'dir' | 'keep'>): Promise<string[]> {
  const backups = (await listBackups(deps)).map((b) => ({ name: b.name, at: Math.floor(Date.parse(b.createdAt) / 1000) }));
  const keep = backupsToKeep(backups, deps.keep);
  const gone = backups.filter((b) => !keep.has(b.name)).map((b) => b.name);
  for (const name of gone) await rm(path.join(deps.dir, name), { force: true });
  return gone;
}

/** The path of a listed backup by its name; anything else (another file, `../`) is a 404. */
export async function backupFile(deps: Pick<BackupDeps, 'dir'>, name: string): Promise<{ file: string; size: number }> {
  if (!BACKUP_NAME.test(name)) throw notFound('Deze back-up bestaat niet.');
  const file = path.join(deps.dir, name);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw notFound('Deze back-up bestaat niet.');
  return { file, size: info.size };
}
