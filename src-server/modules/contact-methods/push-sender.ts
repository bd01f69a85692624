/**
 * Sending Web Push messages off this thread. Each message is encrypted (0.15–0.2 ms of CPU warm, a
 * fresh ECDH key pair and shared secret, HKDF, AES-GCM; several times that while the code is cold)
 * and posted over TLS (the request's setup, its encryption and writes, the answer's parsing: more
 * than the encryption). An escalation step to 100 phones did all of it on this thread, where ntfy's
 * requests, the database and the web requests wait for it. A worker thread (push-send-worker.ts)
 * does both instead and answers with the push service's answer; this thread only reads it.
 *
 * Two workers for the process (one on a single core), loaded when the server starts its jobs
 * (`warmPushSenders`) or else on the first push, messages taking turns by load; they hold the
 * process open only while they have work. Two rather than one on a machine of two cores: a step's
 * pushes are a short burst, and with one worker they waited for it while this thread sent ntfy's
 * (the phone bench: push p50 89–94 ms with one, 76–81 ms with two; ntfy 48–57 against 67–68 ms). Until a worker has loaded, and once workers keep
 * dying (three times) or cannot start, messages are sent from here. A worker that dies or gives no
 * answer within the request's own deadline (twice 10 s, a reset reused connection tried again, and
 * 5 s) is ended, and its unanswered messages are sent from here: a push is never lost to a worker.
 * One that had already left is then sent twice; the push service replaces an undelivered one of the
 * same topic, and the phone shows one notification per alarm (its tag), the second may sound again.
 */
import diagnostics from 'node:diagnostics_channel';
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../platform/workers/start-worker';
import { POST_TIMEOUT_MS } from '../notifications/safe-post';
import { type PushDelivered, type PushDelivery, deliverPush } from './push-deliver';

export interface ToSender {
  id: number;
  delivery: PushDelivery;
}
export type FromSender = { ready: true } | ({ id: number } & PushDelivered) | { id: number; error: string };

/**
 * Where the phone bench and a profiler see a worker's push leave: node's own
 * `http.client.request.start` is published in the thread that sent it, so a worker's requests are
 * published here, `{host, at}` (epoch ms), when their answer comes back.
 */
export const PUSH_LEFT_CHANNEL = 'energiebeheer:push-left';
const leftChannel = diagnostics.channel(PUSH_LEFT_CHANNEL);

const SENDERS = Math.min(2, availableParallelism());
const MAX_DEATHS = 3;
const ANSWER_WITHIN_MS = 2 * POST_TIMEOUT_MS + 5000;

interface Task {
  delivery: PushDelivery;
  timer: ReturnType<typeof setTimeout>;
  resolve: (delivered: PushDelivered) => void;
  reject: (error: Error) => void;
}
interface Slot {
  worker: Worker;
  ready: boolean;
  tasks: Map<number, Task>;
}

const slots: (Slot | null)[] = Array.from({ length: SENDERS }, () => null);
let deaths = 0;
let nextId = 1;
const counts = { inWorker: 0, inThread: 0 };

function inThread(task: Pick<Task, 'delivery' | 'resolve' | 'reject'>) {
  counts.inThread++;
  deliverPush(task.delivery).then(task.resolve, (error: unknown) => task.reject(error instanceof Error ? error : new Error(String(error))));
}

/** A worker ended on purpose (no answer in time) or by itself: its messages are sent from here. */
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

function received(slot: Slot, message: FromSender) {
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
  if (message.leftAt !== null && leftChannel.hasSubscribers) {
    leftChannel.publish({ host: new URL(task.delivery.subscription.endpoint).host, at: message.leftAt });
  }
  task.resolve({ answer: message.answer, leftAt: message.leftAt });
}

/** The worker in slot `index`, started when the slot is empty; null when it cannot start. */
function slotAt(index: number): Slot | null {
  const existing = slots[index];
  if (existing) return existing;
  let worker: Worker;
  try {
    worker = startWorker(import.meta.url, 'push-send-worker');
  } catch {
    deaths++;
    return null;
  }
  const slot: Slot = { worker, ready: false, tasks: new Map() };
  worker.on('message', (message: FromSender) => received(slot, message));
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

/** The push service's answer to the message, sent from a worker when one is ready, else from this thread. */
export function deliverOffThread(delivery: PushDelivery): Promise<PushDelivered> {
  return new Promise((resolve, reject) => {
    if (deaths >= MAX_DEATHS) return inThread({ delivery, resolve, reject });
    const [index, slot] = leastLoaded();
    // A worker still loading does not hold the message up.
    if (!slot?.ready) return inThread({ delivery, resolve, reject });
    const id = nextId++;
    const timer = setTimeout(() => lost(index, slot), ANSWER_WITHIN_MS);
    slot.tasks.set(id, { delivery, timer, resolve, reject });
    if (slot.tasks.size === 1) slot.worker.ref();
    slot.worker.postMessage({ id, delivery } satisfies ToSender);
  });
}

/** Starts the workers now (tests, and a server about to send): resolves once each has loaded or could not start. */
export async function warmPushSenders(): Promise<void> {
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
          const onMessage = (m: FromSender) => 'ready' in m && done();
          slot.worker.on('message', onMessage);
          slot.worker.once('exit', done);
        }),
    ),
  );
}

/** Where messages were sent from and how often a worker died in this process; its threads (tests end one on purpose). */
export const pushSenders = () => ({ deaths, ...counts, threads: slots.flatMap((s) => (s ? [s.worker] : [])) });
