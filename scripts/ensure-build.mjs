// Builds the product once when dist/ is missing (npm start and npm run demo call this first).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/client/index.html') || !existsSync('dist/server/main.js')) {
  console.log('Building the product once (dist/ is missing) ...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
