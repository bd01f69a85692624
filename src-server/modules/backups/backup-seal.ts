/**
 * Turning a snapshot into a backup file: check it (integrity, rows per table), write it compressed
 * (and encrypted), read it back and compare with the snapshot's hash. All of it reads or writes the
 * whole database, so the backup job runs it in a worker thread (`backup-worker.ts`) and requests
 * keep their speed while a large backup is made.
 */
import { rm } from 'node:fs/promises';
import type { BackupKeys, Manifest } from './backup-file';
import { extractBackupFile, writeBackupFile } from './backup-file';
import { inspectSnapshot } from './backups.queries';

export interface SealJob {
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
