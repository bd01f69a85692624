/**
 * A backup in a process of its own (`node --import tsx src-server/testing/backup-process.ts <db> <dir>`),
 * for the test that kills it with SIGKILL halfway: it prints `done` when the backup is named.
 */
import { openDatabase, sqliteHandleOf } from '../platform/db/database';
import { createBackup } from '../modules/backups/backups.service';

const [file, dir] = process.argv.slice(2) as [string, string];
const db = openDatabase(file);
await createBackup({
  db,
  engine: 'sqlite',
  sqlite: sqliteHandleOf(db),
  clock: () => new Date(),
  dir,
  schedule: 'off',
  keep: { d: 7 },
  keys: { secretKey: 'x'.repeat(32) },
});
console.log('done');
await db.destroy();
