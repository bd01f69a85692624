/**
 * Running code as production does: bundled like scripts/build-server.mjs (workers as entries beside
 * the main one, packages external) and started by plain node, without tsx. The bundle is written
 * inside node_modules, so it finds the packages as dist/server/ does.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '../..');

/** Bundles `main` (module source) with `workers` (entry name → source path from the repository root), runs it, answers what it printed. */
export async function runBundled(main: string, workers: Record<string, string>): Promise<string> {
  mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true });
  const dir = mkdtempSync(path.join(root, 'node_modules/.cache/bundle-'));
  try {
    writeFileSync(path.join(dir, 'main.ts'), main);
    await build({
      entryPoints: { main: path.join(dir, 'main.ts'), ...Object.fromEntries(Object.entries(workers).map(([name, file]) => [name, path.join(root, file)])) },
      outdir: dir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      tsconfig: path.join(root, 'tsconfig.json'),
      logLevel: 'warning',
    });
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(dir, 'main.js')], { cwd: dir, timeout: 20_000 });
    return stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A source file's absolute path, for an import in `main`. */
export const sourcePath = (file: string) => JSON.stringify(path.join(root, file));
