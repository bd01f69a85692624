// `npm start`: builds what is missing, then runs the server (which migrates and prints the URL).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const missing = !existsSync('dist/client/index.html') || !existsSync('dist/server/main.js');
if (missing) {
  console.log('Building the product once (dist/ is missing) ...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../dist/server/main.js');
