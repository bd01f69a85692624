// Builds the product when dist/ is missing or older than its sources (npm start and npm run demo
// call this first), so an updated checkout never serves yesterday's build.
import { spawnSync } from 'node:child_process';
import { staleReason } from './build-freshness.mjs';

const reason = staleReason(process.cwd());
if (reason) {
  console.log(`Building the product (${reason}) ...`);
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
