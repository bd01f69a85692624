/**
 * `npm run restore -- <file> [--to <DATA_DIR or DATABASE_URL>]` (in the container:
 * `node dist/server/restore.js <file> [--to …]`): puts a backup back (modules/backups/restore.ts).
 * Without --to it restores where the product's configuration points: DATABASE_URL, else DATA_DIR.
 * An encrypted backup takes its passphrase from BACKUP_PASSPHRASE. Exit code 0 only when done.
 */
import { ConfigError } from './platform/errors';
import { RestoreError, restoreBackup } from './modules/backups/restore';

const args = process.argv.slice(2);
const toAt = args.indexOf('--to');
const to = toAt >= 0 ? args[toAt + 1] : process.env.DATABASE_URL || process.env.DATA_DIR || './data';
const [file] = args.filter((a, i) => !a.startsWith('--') && (toAt < 0 || i !== toAt + 1));
if (!file || !to) {
  console.error('Gebruik: npm run restore -- <back-upbestand> [--to <DATA_DIR of postgres://…>]');
  process.exit(2);
}
try {
  await restoreBackup({ file, to, passphrase: process.env.BACKUP_PASSPHRASE || undefined, log: (line) => console.log(line) });
} catch (error) {
  const known = error instanceof RestoreError || error instanceof ConfigError;
  console.error(known ? (error as Error).message : `Herstellen mislukt: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
