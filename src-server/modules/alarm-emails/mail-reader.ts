/**
 * Reading stored raw mail off the main thread: mailparser is most of the CPU that incoming mail
 * costs, so the mail reader (mail-reading.ts) sends each batch, gzipped as stored, to a worker
 * thread (mail-read-worker.ts) while this thread writes the batch before and answers requests.
 * Up to two workers for the process (one core is left to this thread: on two cores one worker
 * read faster than two), started on first use, batches taking turns; they hold the process open
 * only while they have work. When a worker dies or cannot start, the batches it had are read on
 * this thread instead: reading never loses a message, it only gets slower (after three deaths no
 * worker is started again).
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../workers/start-worker';
import { type ContentRead, readStored } from './mail-read';

export interface ToReader {
  id: number;
  gzipped: readonly Uint8Array[];
}

export interface FromReader {
  id: number;
  reads: (Omit<ContentRead, 'failure'> & { failure: { name: string; message: string; stack?: string } | null })[];
}

const MAX_DEATHS = 3;
/** Batches the mail reader may have in its workers at once. */
export const READERS = Math.max(1, Math.min(2, availableParallelism() - 1));

type Pending = { worker: Worker; resolve: (reads: ContentRead[]) => void; reject: (error: Error) => void };

const workers: (Worker | null)[] = Array.from({ length: READERS }, () => null);
let deaths = 0;
let nextId = 1;
const pending = new Map<number, Pending>();

const asError = ({ name, message, stack }: { name: string; message: string; stack?: string }) => Object.assign(new Error(message), { name, stack });

const busy = (worker: Worker) => [...pending.values()].some((task) => task.worker === worker);

function received({ id, reads }: FromReader) {
  const task = pending.get(id);
  if (!task) return;
  pending.delete(id);
  if (!busy(task.worker)) task.worker.unref();
  task.resolve(reads.map((r) => ({ read: r.read, failure: r.failure && asError(r.failure) })));
}

function died(slot: number, dead: Worker, error: Error) {
  if (workers[slot] !== dead) return;
  workers[slot] = null;
  deaths++;
  void dead.terminate();
  for (const [id, task] of pending) {
    if (task.worker !== dead) continue;
    pending.delete(id);
    task.reject(error);
  }
}

/** The batch's worker: an idle one, else the one with the fewest batches; started when its slot is empty. */
function aWorker(): Worker {
  const load = (slot: number) => [...pending.values()].filter((task) => task.worker === workers[slot]).length;
  const slot = [...workers.keys()].sort((a, b) => (workers[a] ? load(a) : 0) - (workers[b] ? load(b) : 0) || a - b)[0]!;
  const existing = workers[slot];
  if (existing) return existing;
  const started = startWorker(import.meta.url, 'mail-read-worker');
  started.on('message', received);
  started.on('error', (error) => died(slot, started, error));
  started.on('exit', (code) => died(slot, started, new Error(`The mail reader worker exited with code ${code}.`)));
  started.unref();
  workers[slot] = started;
  return started;
}

const inThread = async (gzipped: readonly Buffer[]) => {
  const reads: ContentRead[] = [];
  for (const raw of gzipped) reads.push(await readStored(raw));
  return reads;
};

/** How often the worker died (or could not start) in this process: tests check that it did not. */
export const mailReaderDeaths = () => deaths;

/** Each gzipped raw message read (readStored), in order. */
export async function readGzipped(gzipped: readonly Buffer[]): Promise<ContentRead[]> {
  if (!gzipped.length) return [];
  if (deaths >= MAX_DEATHS) return inThread(gzipped);
  try {
    const reader = aWorker();
    const id = nextId++;
    const answer = new Promise<ContentRead[]>((resolve, reject) => pending.set(id, { worker: reader, resolve, reject }));
    reader.ref();
    reader.postMessage({ id, gzipped } satisfies ToReader);
    return await answer;
  } catch {
    return inThread(gzipped);
  }
}
