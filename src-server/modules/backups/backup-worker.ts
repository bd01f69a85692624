/** The backup job's worker thread: seals the one snapshot it is given (`backup-seal.ts`) and answers the manifest or the error. */
import { parentPort, workerData } from 'node:worker_threads';
import { type SealJob, sealSnapshot } from './backup-seal';

sealSnapshot(workerData as SealJob).then(
  (manifest) => parentPort!.postMessage({ manifest }),
  (error: unknown) => parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) }),
);
