/**
 * Encrypting Web Push messages off this thread: each costs 0.15–0.2 ms of CPU warm and several
 * times that while the code is still cold (a fresh ECDH key pair and shared secret, HKDF, AES-GCM),
 * so an escalation step to 100 phones held the event loop for 15–100 ms, and the ntfy messages and
 * database writes after it waited. A worker thread (push-encrypt-worker.ts) encrypts them instead
 * and answers each as it is done, while this thread sends the other channels.
 * Up to two workers for the process (one core is left to this thread), loaded when the server
 * starts its jobs (`warmPushEncryptors`) or else on the first push, messages taking turns by load; they hold the process open only while they have work. Until a
 * worker has loaded, and once workers keep dying (three times) or cannot start, messages are
 * encrypted here. A worker that dies or stops answering (5 s) is ended, and what it had is
 * encrypted here: a push is never lost to a worker, it only gets slower.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../platform/workers/start-worker';
import { type EncryptedPush, type PushEncryption, encryptPush } from './push-encrypt';

export interface ToEncryptor {
  id: number;
  encryption: PushEncryption;
}
export type FromEncryptor = { ready: true } | { id: number; headers: Record<string, string>; body: Uint8Array } | { id: number; error: string };

const ENCRYPTORS = Math.max(1, Math.min(2, availableParallelism() - 1));
const MAX_DEATHS = 3;
const ANSWER_WITHIN_MS = 5000;

interface Task {
  encryption: PushEncryption;
  timer: ReturnType<typeof setTimeout>;
  resolve: (encrypted: EncryptedPush) => void;
  reject: (error: Error) => void;
}
interface Slot {
  worker: Worker;
  ready: boolean;
  tasks: Map<number, Task>;
}

const slots: (Slot | null)[] = Array.from({ length: ENCRYPTORS }, () => null);
let deaths = 0;
let nextId = 1;
const counts = { inWorker: 0, inThread: 0 };

function inThread(task: Pick<Task, 'encryption' | 'resolve' | 'reject'>) {
  counts.inThread++;
  try {
    task.resolve(encryptPush(task.encryption));
  } catch (error) {
    task.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** A worker ended on purpose (no answer in time) or by itself: its messages are encrypted here. */
function lost(index: number, slot: Slot) {
  if (slots[index] !== slot) return;
  slots[index] = null;
  deaths++;
  void slot.worker.terminate();
  for (const task of slot.tasks.values()) {
    clearTimeout(task.timer);
    inThread(task);
  }
  slot.tasks.clear();
}

function received(slot: Slot, message: FromEncryptor) {
  if ('ready' in message) {
    slot.ready = true;
    return;
  }
  const task = slot.tasks.get(message.id);
  if (!task) return;
  slot.tasks.delete(message.id);
  clearTimeout(task.timer);
  if (slot.tasks.size === 0) slot.worker.unref();
  if ('error' in message) return task.reject(new Error(message.error));
  counts.inWorker++;
  const { body } = message;
  task.resolve({ headers: message.headers, body: Buffer.from(body.buffer, body.byteOffset, body.byteLength) });
}

/** The worker in slot `index`, started when the slot is empty; null when it cannot start. */
function slotAt(index: number): Slot | null {
  const existing = slots[index];
  if (existing) return existing;
  let worker: Worker;
  try {
    worker = startWorker(import.meta.url, 'push-encrypt-worker');
  } catch {
    deaths++;
    return null;
  }
  const slot: Slot = { worker, ready: false, tasks: new Map() };
  worker.on('message', (message: FromEncryptor) => received(slot, message));
  worker.on('error', () => lost(index, slot));
  worker.on('exit', () => lost(index, slot));
  worker.unref();
  slots[index] = slot;
  return slot;
}

/** The least loaded worker slot (each started when empty). */
function leastLoaded(): [number, Slot | null] {
  const load = (i: number) => slots[i]?.tasks.size ?? 0;
  const index = [...slots.keys()].sort((a, b) => load(a) - load(b) || a - b)[0]!;
  return [index, slotAt(index)];
}

/** The message's headers and encrypted body, from a worker when one is ready, else from this thread. */
export function encryptOffThread(encryption: PushEncryption): Promise<EncryptedPush> {
  return new Promise((resolve, reject) => {
    if (deaths >= MAX_DEATHS) return inThread({ encryption, resolve, reject });
    const [index, slot] = leastLoaded();
    // A worker still loading does not hold the message up.
    if (!slot?.ready) return inThread({ encryption, resolve, reject });
    const id = nextId++;
    const timer = setTimeout(() => lost(index, slot), ANSWER_WITHIN_MS);
    slot.tasks.set(id, { encryption, timer, resolve, reject });
    if (slot.tasks.size === 1) slot.worker.ref();
    slot.worker.postMessage({ id, encryption } satisfies ToEncryptor);
  });
}

/** Starts the workers now (tests, and a server about to send): resolves once each has loaded or could not start. */
export async function warmPushEncryptors(): Promise<void> {
  if (deaths >= MAX_DEATHS) return;
  const started = [...slots.keys()].map((i) => slotAt(i));
  await Promise.all(
    started.map(
      (slot) =>
        new Promise<void>((resolve) => {
          if (!slot || slot.ready) return resolve();
          // Held open while it loads, so a caller that awaits this is not ended for want of work.
          slot.worker.ref();
          const done = () => {
            slot.worker.off('message', onMessage);
            if (slot.tasks.size === 0) slot.worker.unref();
            resolve();
          };
          const onMessage = (m: FromEncryptor) => 'ready' in m && done();
          slot.worker.on('message', onMessage);
          slot.worker.once('exit', done);
        }),
    ),
  );
}

/** Where messages were encrypted and how often a worker died in this process; its threads (tests end one on purpose). */
export const pushEncryptors = () => ({ deaths, ...counts, threads: slots.flatMap((s) => (s ? [s.worker] : [])) });
