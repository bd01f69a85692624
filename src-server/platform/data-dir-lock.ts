/**
 * One process per SQLite DATA_DIR: the process holds an exclusive SQLite lock on
 * `DATA_DIR/instance.lock` for as long as it runs. The lock is the operating system's (fcntl), so
 * it ends with the process however that ends, `kill -9` included: nothing stale can block the next
 * start. Several instances need PostgreSQL (`DATABASE_URL`).
 */
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { ConfigError } from './errors';

/** Takes the lock or throws a ConfigError with one line for the operator; returns the release. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'instance.lock');
  closeSync(openSync(file, 'a', 0o600));
  // No busy timeout: a held lock is an answer, not something to wait for.
  const lock = new SQLite(file, { timeout: 0 });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
    throw new ConfigError(
      `Er draait al een proces op DATA_DIR ${dataDir}: een SQLite-database kan maar door één proces tegelijk gebruikt worden; stop het andere proces of gebruik PostgreSQL (DATABASE_URL) voor meerdere instanties.`,
    );
  }
  return () => lock.close();
}
