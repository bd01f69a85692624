/**
 * Reading mail off the main thread: mailparser is most of the CPU that incoming mail costs, so
 * storing sends each batch as it was fetched (read and gzipped there, alarm-emails.store.ts) and
 * the mail reader (mail-reading.ts) each batch left raw, gzipped as stored, to a worker thread
 * (mail-read-worker.ts), while this thread fetches, writes and answers requests.
 * Up to two workers for the process (one core is left to this thread: on two cores two workers
 * read a backlog no sooner than one, for more CPU), started by a fetch as it begins or on first use,
 * batches taking turns; they hold the process open only while they have work. When a worker dies
 * or cannot start, the batches it had are read on this thread instead: reading never loses a
 * message, it only gets slower (after three deaths no worker is started again).
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { createWorkerSlots } from '../../platform/workers/worker-slots';
import { type ContentRead, type FetchedRead, readFetched, readStored } from './mail-read';

/**
 * A batch: its messages' bytes one after the other in one buffer of its own, handed over (not
 * copied), with each message's length. A message fetched by imapflow shares an 8 KB buffer with
 * others, and a structured copy would copy that whole buffer for each message.
 */
export interface ToReader {
  id: number;
  bytes: ArrayBuffer;
  lengths: number[];
  /** As fetched (read and gzip each), else gzipped as stored (unzip and read). */
  fetched: boolean;
}

/**
 * One message read: the worker answers each as soon as it is read, so a time limit can tell which
 * one hangs; and once, `ready`, when it has loaded (a cold start is not counted against a message).
 */
export type FromReader =
  | {
      id: number;
      read: ContentRead['read'];
      failure: { name: string; message: string; stack?: string } | null;
      /** A fetched message's bytes as the store keeps them, in a buffer of their own (handed over). */
      gzipped?: Uint8Array;
    }
  | { ready: true };

/** Batches the mail reader may have in its workers at once. */
export const READERS = Math.max(1, Math.min(2, availableParallelism() - 1));
/** How long one message may take to read (a 25 MB message takes about two seconds here). */
const READ_TIME_LIMIT_MS = 30_000;

interface Task {
  messages: readonly Buffer[];
  fetched: boolean;
  reads: (ContentRead | FetchedRead)[];
  timeLimitMs: number;
  worker: Worker | null;
  timer: ReturnType<typeof setTimeout> | null;
  resolve: (reads: (ContentRead | FetchedRead)[]) => void;
}

let nextId = 1;
const tasks = new Map<number, Task>();

const asError = ({ name, message, stack }: { name: string; message: string; stack?: string }) => Object.assign(new Error(message), { name, stack });
const tooSlow = (ms: number) =>
  Object.assign(new Error(`het lezen duurde langer dan ${(ms / 1000).toLocaleString('nl-NL')} seconden en is afgebroken.`), { name: 'TimeLimitExceeded' });

const tasksOf = (worker: Worker) => [...tasks.entries()].filter(([, task]) => task.worker === worker);

const readers = createWorkerSlots<FromReader>({
  callerUrl: import.meta.url,
  entry: 'mail-read-worker',
  size: READERS,
  onMessage: received,
  // Only a loaded worker's batches are timed: a cold start is not counted against a message.
  onReady(worker) {
    const [head] = tasksOf(worker);
    if (head) watch(head[1]);
  },
  onDeath(worker) {
    for (const [id, task] of tasksOf(worker)) {
      tasks.delete(id);
      if (task.timer) clearTimeout(task.timer);
      // What it had not answered yet is read again, by another worker or this thread.
      dispatch(task);
    }
  },
});

function finish(id: number, task: Task) {
  tasks.delete(id);
  if (task.timer) clearTimeout(task.timer);
  const worker = task.worker!;
  readers.release(worker);
  const [next] = tasksOf(worker);
  // The worker reads its batches in turn: the next one's time starts now.
  if (next) watch(next[1]);
  task.resolve(task.reads);
}

/** What is left of a task: in the idlest worker (an idle one, else the one with the fewest batches), or on this thread once workers keep dying. */
function dispatch(task: Task) {
  if (task.reads.length === task.messages.length) return task.resolve(task.reads);
  const worker = readers.leastLoaded((w) => (w ? tasksOf(w).length : 0));
  if (!worker) return void inThread(task);
  const id = nextId++;
  task.worker = worker;
  tasks.set(id, task);
  readers.hold(worker);
  const messages = task.messages.slice(task.reads.length);
  const bytes = new Uint8Array(messages.reduce((sum, m) => sum + m.length, 0));
  let at = 0;
  for (const m of messages) {
    bytes.set(m, at);
    at += m.length;
  }
  worker.postMessage({ id, bytes: bytes.buffer, lengths: messages.map((m) => m.length), fetched: task.fetched } satisfies ToReader, [bytes.buffer]);
  watch(task);
}

/**
 * The next message of the worker's current batch must be read within the limit; one that is not
 * is a failure, and its worker is replaced for the rest (a batch behind it waits untimed).
 */
function watch(task: Task) {
  if (task.timer) clearTimeout(task.timer);
  if (!readers.isReady(task.worker!) || tasksOf(task.worker!)[0]?.[1] !== task) return;
  task.timer = setTimeout(() => {
    const worker = task.worker!;
    // Ended on purpose: its exit is no death.
    readers.end(worker);
    for (const [otherId, other] of tasksOf(worker)) {
      tasks.delete(otherId);
      if (other.timer) clearTimeout(other.timer);
      if (other === task) other.reads.push(unreadable(other, tooSlow(task.timeLimitMs)));
      dispatch(other);
    }
  }, task.timeLimitMs);
}

function received(_worker: Worker, { id, read, failure, gzipped }: Exclude<FromReader, { ready: true }>) {
  const task = tasks.get(id);
  if (!task) return;
  const content = { read, failure: failure && asError(failure) };
  task.reads.push(gzipped ? { ...content, gzipped: Buffer.from(gzipped.buffer, gzipped.byteOffset, gzipped.byteLength) } : content);
  if (task.reads.length === task.messages.length) finish(id, task);
  else watch(task);
}

/**
 * Starts the workers now, so mail that is about to be stored does not wait for them to load (about
 * 0.2 s) nor meets them cold: a fetch calls this as it begins.
 */
export function warmMailReaders() {
  void readers.warm();
}

async function inThread(task: Task) {
  task.worker = null;
  for (const message of task.messages.slice(task.reads.length)) task.reads.push(await (task.fetched ? readFetched(message) : readStored(message)));
  task.resolve(task.reads);
}

/** A message that was not read (too slow): as fetched, it is still stored gzipped. */
const unreadable = (task: Task, failure: Error): ContentRead | FetchedRead =>
  task.fetched ? { read: null, failure, gzipped: gzipSync(task.messages[task.reads.length]!) } : { read: null, failure };

/** How often a worker died (or could not start) in this process: tests check that it did not. */
export const mailReaderDeaths = () => readers.deaths();

/**
 * Each gzipped raw message read (readStored), in order. A message that takes longer than
 * `timeLimitMs` is a failure to read (TimeLimitExceeded): its worker is ended and the messages after
 * it go to a fresh one, so one pathological message never holds up the mail behind it.
 */
export function readGzipped(gzipped: readonly Buffer[], { timeLimitMs = READ_TIME_LIMIT_MS } = {}): Promise<ContentRead[]> {
  return new Promise((resolve) => dispatch({ messages: gzipped, fetched: false, reads: [], timeLimitMs, worker: null, timer: null, resolve }));
}

/** Each message as fetched read and gzipped (readFetched), in order, with the same time limit as `readGzipped`. */
export function readFetchedMail(raws: readonly Buffer[], { timeLimitMs = READ_TIME_LIMIT_MS } = {}): Promise<FetchedRead[]> {
  return new Promise((resolve) =>
    dispatch({ messages: raws, fetched: true, reads: [], timeLimitMs, worker: null, timer: null, resolve: (reads) => resolve(reads as FetchedRead[]) }),
  );
}
