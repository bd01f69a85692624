// Bundles the server (with its migrations) into dist/server/main.js; packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src-server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
