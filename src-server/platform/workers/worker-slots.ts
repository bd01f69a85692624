/**
 * A few worker threads of one entry module, each in a slot, for work that can always be done on the
 * calling thread instead (reading mail, sending pushes): a slot is filled on first use, a worker
 * that dies or cannot start is counted, and after three deaths none is started again, so a broken
 * worker costs speed, never work. Each worker says `{ready: true}` once it has loaded; it holds the
 * process open only while the user holds it (`hold`/`release`), so idle workers never keep a
 * server from stopping.
 */
import type { Worker } from 'node:worker_threads';
import { startWorker } from './start-worker';

const MAX_DEATHS = 3;

export interface WorkerSlotsOptions<FromWorker> {
  /** The caller's `import.meta.url` and the entry's file name beside it (see startWorker). */
  callerUrl: string;
  entry: string;
  size: number;
  /** Every message but `{ready: true}`. */
  onMessage: (worker: Worker, message: Exclude<FromWorker, { ready: true }>) => void;
  /** A worker has loaded. */
  onReady?: (worker: Worker) => void;
  /** A worker died (exit or error) or was given up (`died`): it is out of its slot, its work is the caller's to redo. */
  onDeath: (worker: Worker) => void;
}

export function createWorkerSlots<FromWorker>(options: WorkerSlotsOptions<FromWorker>) {
  const slots: (Worker | null)[] = Array.from({ length: options.size }, () => null);
  const ready = new WeakSet<Worker>();
  const holds = new Map<Worker, number>();
  let deaths = 0;

  /** Out of its slot and ended; false when it was not in one (ended before, on purpose or not). */
  const remove = (worker: Worker) => {
    const index = slots.indexOf(worker);
    if (index < 0) return false;
    slots[index] = null;
    holds.delete(worker);
    void worker.terminate();
    return true;
  };

  const died = (worker: Worker) => {
    if (!remove(worker)) return;
    deaths++;
    options.onDeath(worker);
  };

  /** The worker in slot `index`, started when the slot is empty; null when it cannot start (a death) or workers are given up. */
  const at = (index: number): Worker | null => {
    const existing = slots[index];
    if (existing) return existing;
    if (deaths >= MAX_DEATHS) return null;
    let worker: Worker;
    try {
      worker = startWorker(options.callerUrl, options.entry);
    } catch {
      deaths++;
      return null;
    }
    worker.on('message', (message: FromWorker) => {
      if (typeof message === 'object' && message !== null && 'ready' in message) {
        ready.add(worker);
        options.onReady?.(worker);
      } else options.onMessage(worker, message as Exclude<FromWorker, { ready: true }>);
    });
    worker.on('error', () => died(worker));
    worker.on('exit', () => died(worker));
    worker.unref();
    slots[index] = worker;
    return worker;
  };

  const hold = (worker: Worker) => {
    const count = holds.get(worker) ?? 0;
    holds.set(worker, count + 1);
    if (count === 0) worker.ref();
  };
  const release = (worker: Worker) => {
    const count = holds.get(worker) ?? 0;
    if (count <= 1) {
      holds.delete(worker);
      worker.unref();
    } else holds.set(worker, count - 1);
  };

  return {
    /** The worker of the slot with the least `load` (an empty slot counts as 0, the first slot wins a tie), started when empty. */
    leastLoaded(load: (worker: Worker | null) => number): Worker | null {
      const index = [...slots.keys()].sort((a, b) => load(slots[a] ?? null) - load(slots[b] ?? null) || a - b)[0]!;
      return at(index);
    },
    isReady: (worker: Worker) => ready.has(worker),
    hold,
    release,
    /** Ends a worker on purpose (a message that hangs): not a death; its exit changes nothing. */
    end: (worker: Worker) => void remove(worker),
    /** Gives a worker up as dead (it did not answer in time): counted, and `onDeath` redoes its work. */
    died,
    /** Fills every slot now; resolves once each worker has loaded or is gone (held open meanwhile). */
    async warm(): Promise<void> {
      const started = [...slots.keys()].map(at);
      await Promise.all(
        started.map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (!worker || ready.has(worker)) return resolve();
              hold(worker);
              const done = () => {
                worker.off('message', onMessage);
                worker.off('exit', done);
                release(worker);
                resolve();
              };
              const onMessage = () => ready.has(worker) && done();
              worker.on('message', onMessage);
              worker.once('exit', done);
            }),
        ),
      );
    },
    deaths: () => deaths,
    workers: () => slots.filter((w): w is Worker => w !== null),
  };
}
