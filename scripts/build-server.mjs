// Bundles the server (with its migrations) into dist/server/main.js, the parser sandbox's worker
// into dist/server/parser-worker.js, the mail reader's into dist/server/mail-read-worker.js, the push
// sender's into dist/server/push-send-worker.js and the
// backup's into dist/server/backup-worker.js
// (main.js starts them from beside itself), and `db:copy` and `restore` into
// dist/server/db-copy.js and dist/server/restore.js (for the container); packages stay external.
// Code split: main.js itself holds only the signal handlers and a dynamic import of the rest (a
// chunk-*.js beside it, so that `import.meta.url` still finds the workers' entries), so a SIGTERM in
// the first moment, while the packages still load, is already handled; without splitting the
// bundle's hoisted package imports ran before the handlers.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

// Chunks are named by their content's hash: drop the previous build's before writing new ones.
if (existsSync('dist/server')) for (const f of readdirSync('dist/server')) if (/^chunk-.*\.js(\.map)?$/.test(f)) rmSync(`dist/server/${f}`);

await build({
  entryPoints: {
    main: 'src-server/main.ts',
    'parser-worker': 'src-server/platform/sandbox/parser-worker.ts',
    'mail-read-worker': 'src-server/modules/alarm-emails/mail-read-worker.ts',
    'push-send-worker': 'src-server/modules/contact-methods/push-send-worker.ts',
    'backup-worker': 'src-server/modules/backups/backup-worker.ts',
    'db-copy': 'src-server/db-copy.ts',
    restore: 'src-server/restore.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  splitting: true,
  chunkNames: 'chunk-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
