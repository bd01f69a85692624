/**
 * Starting a worker thread whose entry module sits beside the caller: under tests and tsx the .ts
 * source (loaded through tsx), in the bundle the .js entry that scripts/build-server.mjs writes
 * beside main.js (the caller is bundled into main.js, so the same relative name finds it).
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** `name`: the entry's file name without extension, relative to `callerUrl` (the caller's `import.meta.url`). */
export function startWorker(callerUrl: string, name: string, options: Omit<WorkerOptions, 'eval'> = {}) {
  const fromSource = callerUrl.endsWith('.ts');
  const url = new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, callerUrl);
  // Node 20 does not apply `--import tsx` to a worker's entry module, so the source worker registers tsx first.
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`;
  return fromSource ? new Worker(boot, { ...options, eval: true }) : new Worker(url, options);
}
