/**
 * `npm run test:pg` (and `.ci/run`): runs a command with TEST_DATABASE_URL pointing at a
 * throwaway PostgreSQL cluster (src-server/testing/postgres.ts), started before and stopped after.
 * With TEST_DATABASE_URL already set, that database is used and nothing is started.
 *   node --import tsx scripts/with-postgres.ts npx vitest run --project integration
 */
import { spawnSync } from 'node:child_process';
import { startPostgres } from '../src-server/testing/postgres';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: with-postgres.ts <command> [args...]');
  process.exit(2);
}
const existing = process.env.TEST_DATABASE_URL;
const started = existing ? undefined : await startPostgres();
let status = 1;
try {
  const url = existing ?? started!.url;
  console.log(`PostgreSQL for the tests: ${url}${started ? ' (a throwaway cluster)' : ''}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url } });
  status = result.status ?? 1;
} finally {
  started?.stop();
}
process.exit(status);
