// Bundles the server (with its migrations) into dist/server/main.js and the parser sandbox's worker
// into dist/server/parser-worker.js (main.js starts it from beside itself), and `db:copy` into
// dist/server/db-copy.js (for the container); packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src-server/main.ts', 'parser-worker': 'src-server/sandbox/parser-worker.ts', 'db-copy': 'src-server/db-copy.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
