// `npm start` and `npm run demo` run `exec node scripts/ensure-build.mjs <entry>`: it builds the
// product when dist/ is missing or older than its sources, so an updated checkout never serves
// yesterday's build, then runs the entry in this same process. npm's SIGTERM thus reaches the
// server itself: no shell or second node process sits in between to die and leave it running.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { staleReason } from './build-freshness.mjs';

const reason = staleReason(process.cwd());
if (reason) {
  console.log(`Building the product (${reason}) ...`);
  // Its own process group, so a signal stops the whole build (npm, its shells, vite), not only npm.
  const build = spawn('npm', ['run', 'build'], { stdio: 'inherit', detached: true });
  const forward = (signal) => process.kill(-build.pid, signal);
  process.on('SIGINT', forward).on('SIGTERM', forward);
  const code = await new Promise((resolve) => build.once('exit', (status) => resolve(status ?? 1)));
  process.off('SIGINT', forward).off('SIGTERM', forward);
  if (code !== 0) process.exit(code);
}
const entry = process.argv[2];
if (entry) await import(pathToFileURL(path.resolve(entry)).href);
