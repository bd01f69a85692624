/**
 * `npm run db:copy -- <from> <to>` (in the container: `node dist/server/db-copy.js <from> <to>`):
 * copies every table from a SQLite file into an empty PostgreSQL database, or back (db/copy.ts).
 * Stop the product first; the target must be empty. Exit code 0 only when every count matched.
 */
import { copyCommand } from './platform/db/copy';

const [from, to] = process.argv.slice(2);
if (!from || !to) {
  console.error('Usage: npm run db:copy -- <from> <to>   (a SQLite file and a postgres:// URL, either way round)');
  process.exit(2);
}
try {
  await copyCommand(from, to, (line) => console.log(line));
} catch (error) {
  console.error(`Copy failed, nothing was written: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
