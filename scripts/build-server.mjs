// Bundles the server (with its migrations) into dist/server/main.js, the parser sandbox's worker
// into dist/server/parser-worker.js, the mail reader's into dist/server/mail-read-worker.js and the
// backup's into dist/server/backup-worker.js
// (main.js starts them from beside itself), and `db:copy` and `restore` into
// dist/server/db-copy.js and dist/server/restore.js (for the container); packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src-server/main.ts',
    'parser-worker': 'src-server/platform/sandbox/parser-worker.ts',
    'mail-read-worker': 'src-server/modules/alarm-emails/mail-read-worker.ts',
    'backup-worker': 'src-server/modules/backups/backup-worker.ts',
    'db-copy': 'src-server/db-copy.ts',
    restore: 'src-server/restore.ts',
  },
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
