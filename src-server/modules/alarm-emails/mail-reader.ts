/**
 * Reading incoming mail off the main thread: mailparser and gzip are most of the CPU that storing
 * mail costs, so a batch is read in one worker thread (mail-read-worker.ts) while this thread goes
 * on fetching the next batch and answering requests. One worker for the process, started on first
 * use and shared by everything that stores mail; it holds the process open only while it has
 * work. When the worker dies or cannot start, the batches it had are read on this thread instead:
 * reading never loses a message, it only gets slower (after three deaths the worker is not
 * started again).
 */
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../workers/start-worker';
import { type RawRead, readRaw } from './mail-read';

export interface ToReader {
  id: number;
  raws: readonly Uint8Array[];
}

export interface FromReader {
  id: number;
  reads: (Omit<RawRead, 'failure' | 'rawGzip'> & { failure: { name: string; message: string; stack?: string } | null; rawGzip: Uint8Array | null })[];
}

const MAX_DEATHS = 3;

type Pending = { resolve: (reads: RawRead[]) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
let deaths = 0;
let nextId = 1;
const pending = new Map<number, Pending>();

const asError = ({ name, message, stack }: { name: string; message: string; stack?: string }) => Object.assign(new Error(message), { name, stack });

function received({ id, reads }: FromReader) {
  const task = pending.get(id);
  if (!task) return;
  pending.delete(id);
  if (!pending.size) worker?.unref();
  task.resolve(
    reads.map((r) => ({
      ...r,
      failure: r.failure && asError(r.failure),
      rawGzip: r.rawGzip && Buffer.from(r.rawGzip.buffer, r.rawGzip.byteOffset, r.rawGzip.byteLength),
    })),
  );
}

function died(dead: Worker, error: Error) {
  if (worker !== dead) return;
  worker = null;
  deaths++;
  void dead.terminate();
  for (const task of pending.values()) task.reject(error);
  pending.clear();
}

function theWorker(): Worker {
  if (worker) return worker;
  const started = startWorker(import.meta.url, 'mail-read-worker');
  started.on('message', received);
  started.on('error', (error) => died(started, error));
  started.on('exit', (code) => died(started, new Error(`The mail reader worker exited with code ${code}.`)));
  started.unref();
  worker = started;
  return started;
}

const inThread = async (raws: readonly Buffer[]) => {
  const reads: RawRead[] = [];
  for (const raw of raws) reads.push(await readRaw(raw));
  return reads;
};

/** How often the worker died (or could not start) in this process: tests check that it did not. */
export const mailReaderDeaths = () => deaths;

/** Each raw message read (readRaw), in order. */
export async function readRaws(raws: readonly Buffer[]): Promise<RawRead[]> {
  if (!raws.length) return [];
  if (deaths >= MAX_DEATHS) return inThread(raws);
  try {
    const reader = theWorker();
    const id = nextId++;
    const answer = new Promise<RawRead[]>((resolve, reject) => pending.set(id, { resolve, reject }));
    reader.ref();
    reader.postMessage({ id, raws } satisfies ToReader);
    return await answer;
  } catch {
    return inThread(raws);
  }
}
