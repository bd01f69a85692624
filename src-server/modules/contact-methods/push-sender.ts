/**
 * Sending Web Push messages off this thread. Each message is encrypted (0.15–0.2 ms of CPU warm, a
 * fresh ECDH key pair and shared secret, HKDF, AES-GCM; several times that while the code is cold)
 * and posted over TLS (the request's setup, its encryption and writes, the answer's parsing: more
 * than the encryption). An escalation step to 100 phones did all of it on this thread, where ntfy's
 * requests, the database and the web requests wait for it. A worker thread (push-send-worker.ts)
 * does both instead and answers with the push service's answer; this thread only reads it.
 *
 * Two workers for the process (one on a single core), loaded when the server starts if a phone is
 * subscribed (`warmPushSendersIfSubscribed`), when a browser subscribes, or else on the first push,
 * messages taking turns by load; they hold the process open only while they have work. Two rather than one on a machine of two cores: a step's
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
import { createWorkerSlots } from '../../platform/workers/worker-slots';
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
const ANSWER_WITHIN_MS = 2 * POST_TIMEOUT_MS + 5000;

interface Task {
  delivery: PushDelivery;
  timer: ReturnType<typeof setTimeout>;
  resolve: (delivered: PushDelivered) => void;
  reject: (error: Error) => void;
}

/** Each worker's unanswered messages by id. */
const tasks = new Map<Worker, Map<number, Task>>();
const tasksOf = (worker: Worker | null) => (worker && tasks.get(worker)) || new Map<number, Task>();
let nextId = 1;
const counts = { inWorker: 0, inThread: 0 };

function inThread(task: Pick<Task, 'delivery' | 'resolve' | 'reject'>) {
  counts.inThread++;
  deliverPush(task.delivery).then(task.resolve, (error: unknown) => task.reject(error instanceof Error ? error : new Error(String(error))));
}

const senders = createWorkerSlots<FromSender>({
  callerUrl: import.meta.url,
  entry: 'push-send-worker',
  size: SENDERS,
  onMessage: received,
  // A worker ended (no answer in time) or died by itself: its messages are sent from here.
  onDeath(worker) {
    for (const task of tasksOf(worker).values()) {
      clearTimeout(task.timer);
      inThread(task);
    }
    tasks.delete(worker);
  },
});

function received(worker: Worker, message: Exclude<FromSender, { ready: true }>) {
  const task = tasksOf(worker).get(message.id);
  if (!task) return;
  tasksOf(worker).delete(message.id);
  clearTimeout(task.timer);
  senders.release(worker);
  if ('error' in message) return task.reject(new Error(message.error));
  counts.inWorker++;
  if (message.leftAt !== null && leftChannel.hasSubscribers) {
    leftChannel.publish({ host: new URL(task.delivery.subscription.endpoint).host, at: message.leftAt });
  }
  task.resolve({ answer: message.answer, leftAt: message.leftAt });
}

/** The push service's answer to the message, sent from a worker when one is ready, else from this thread. */
export function deliverOffThread(delivery: PushDelivery): Promise<PushDelivered> {
  return new Promise((resolve, reject) => {
    const worker = senders.leastLoaded((w) => tasksOf(w).size);
    // A worker still loading does not hold the message up.
    if (!worker || !senders.isReady(worker)) return inThread({ delivery, resolve, reject });
    const id = nextId++;
    const timer = setTimeout(() => senders.died(worker), ANSWER_WITHIN_MS);
    if (!tasks.has(worker)) tasks.set(worker, new Map());
    tasks.get(worker)!.set(id, { delivery, timer, resolve, reject });
    senders.hold(worker);
    worker.postMessage({ id, delivery } satisfies ToSender);
  });
}

/** Starts the workers now (tests, and a server about to send): resolves once each has loaded or could not start. */
export const warmPushSenders = () => senders.warm();

/** Where messages were sent from and how often a worker died in this process; its threads (tests end one on purpose). */
export const pushSenders = () => ({ deaths: senders.deaths(), ...counts, threads: senders.workers() });
