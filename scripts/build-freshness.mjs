// Whether dist/ is missing or older than the sources it is built from (used by ensure-build.mjs).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the build reads: source folders (tests aside) and the files that shape the build. */
export const SOURCE_DIRS = ['src', 'src-server', 'src-client', 'migrations'];
export const SOURCE_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'vite.config.ts', 'scripts/build-server.mjs'];
export const BUILD_OUTPUTS = ['dist/client/index.html', 'dist/server/main.js'];

const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** The newest modification time under `dir` (ms), with the file it belongs to. */
function newest(dir, found = { mtimeMs: 0, file: null }) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') newest(full, found);
    } else if (!isTest(entry.name)) {
      const { mtimeMs } = statSync(full);
      if (mtimeMs > found.mtimeMs) Object.assign(found, { mtimeMs, file: full });
    }
  }
  return found;
}

/** Why `root` needs a build ('dist/ is missing', 'src-client/x.tsx is newer than dist/'), or null when dist/ is current. */
export function staleReason(root) {
  const outputs = BUILD_OUTPUTS.map((file) => path.join(root, file));
  if (!outputs.every((file) => existsSync(file))) return 'dist/ is missing';
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const source = { mtimeMs: 0, file: null };
  for (const dir of SOURCE_DIRS) if (existsSync(path.join(root, dir))) newest(path.join(root, dir), source);
  for (const file of SOURCE_FILES) {
    const full = path.join(root, file);
    if (existsSync(full) && statSync(full).mtimeMs > source.mtimeMs) Object.assign(source, { mtimeMs: statSync(full).mtimeMs, file: full });
  }
  return source.mtimeMs > builtAt ? `${path.relative(root, source.file)} is newer than dist/` : null;
}
