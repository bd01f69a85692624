/**
 * Code as production runs it: `main` (TypeScript source text) bundled with `workers` (entry name →
 * source file) the way scripts/build-server.mjs bundles the server (ESM, packages external), then
 * started by plain node without tsx; answers its standard output. The bundle is written inside
 * node_modules/.cache, so its packages resolve as dist/server/'s do, and removed afterwards.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';

export const repositoryRoot = path.resolve(import.meta.dirname, '../..');

export async function runBundled(main: string, workers: Record<string, string>): Promise<string> {
  mkdirSync(path.join(repositoryRoot, 'node_modules/.cache'), { recursive: true });
  const dir = mkdtempSync(path.join(repositoryRoot, 'node_modules/.cache/bundle-'));
  try {
    writeFileSync(path.join(dir, 'main.ts'), main);
    await build({
      entryPoints: {
        main: path.join(dir, 'main.ts'),
        ...Object.fromEntries(Object.entries(workers).map(([name, file]) => [name, path.join(repositoryRoot, file)])),
      },
      outdir: dir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      tsconfig: path.join(repositoryRoot, 'tsconfig.json'),
      logLevel: 'warning',
    });
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(dir, 'main.js')], { cwd: dir, timeout: 20_000 });
    return stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
