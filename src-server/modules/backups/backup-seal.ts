/**
 * Turning a snapshot into a backup file: take it (SQLite: on the worker's own connection), check it
 * (integrity, rows per table), write it compressed (and encrypted), read it back and compare with the
 * snapshot's hash. All of it reads or writes the whole database, so the backup job runs it in a
 * worker thread (`backup-worker.ts`) and requests keep their speed while a large backup is made.
 */
import { rm } from 'node:fs/promises';
import SQLite from 'better-sqlite3';
import type { BackupKeys, Manifest } from './backup-file';
import { extractBackupFile, writeBackupFile } from './backup-file';
import { inspectSnapshot } from './backups.queries';

export interface SealJob {
  /** SQLite: the live database file, copied into `snapshotFile` first; otherwise the snapshot is there already. */
  source?: string;
  snapshotFile: string;
  /** The backup file being written (a temp name). */
  writing: string;
  createdAt: string;
  version: string;
  engine: 'sqlite' | 'postgres';
  passphrase?: string;
  keys: BackupKeys;
}

/** Writes `job.writing` from the snapshot and proves it restores to the same bytes; throws when it does not. */
export async function sealSnapshot(job: SealJob): Promise<Manifest> {
  if (job.source) await copyLiveDatabase(job.source, job.snapshotFile);
  const facts = inspectSnapshot(job.snapshotFile);
  if (!facts.ok) throw new Error(`De momentopname is niet in orde: ${facts.problem}`);
  const manifest = await writeBackupFile(
    job.snapshotFile,
    job.writing,
    { createdAt: job.createdAt, version: job.version, engine: job.engine, schema: facts.schema, tables: facts.tables },
    { passphrase: job.passphrase, keys: job.keys },
  );
  // Read back what was written: the same bytes as the checked snapshot (its hash), or no backup.
  await rm(job.snapshotFile, { force: true });
  await extractBackupFile(job.writing, null, job.passphrase);
  return manifest;
}

/**
 * SQLite's online backup of the live file on a connection of this thread. After the first step it
 * copies the rest in one step, which is one read transaction: a consistent copy that writes by the
 * product (WAL) neither block nor restart, and that takes no time from the product's own connection.
 */
async function copyLiveDatabase(source: string, target: string) {
  const live = new SQLite(source, { fileMustExist: true, timeout: 10_000 });
  try {
    await live.backup(target, { progress: () => Number.MAX_SAFE_INTEGER });
  } finally {
    live.close();
  }
}
