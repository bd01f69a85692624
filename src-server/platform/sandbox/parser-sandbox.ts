/**
 * The parser sandbox: DEFAULT regexes and CUSTOM JavaScript run in a small
 * pool of worker threads, never on the main thread. QuickJS stops CUSTOM code itself (interrupt
 * handler, memory and stack limits); the watchdog here is the backstop for what cannot be
 * interrupted, a catastrophic DEFAULT regex above all: a worker whose current parser outlives the
 * limit plus a grace is terminated, that parser is recorded FAILED, and its chain goes on in a
 * fresh worker (the parsers before it run again; they were quick). The watchdog only ticks while
 * work is outstanding. `resourceLimits` keep a runaway worker from taking the process down.
 *
 * Workers start on first use: a server that never parses never spawns one. Under tests and tsx the
 * worker is the .ts source (loaded through tsx); in the bundle it is dist/server/parser-worker.js.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { PARSER_MEMORY_LIMIT_BYTES, PARSER_TIME_LIMIT_MS, type ParseOutcome, type ParserEmail } from '@/domain/alarm-parser';
import { failed } from './custom-result';
import type { ParserProgram, ParserSandbox } from './parser-sandbox.types';
import { startWorker } from '../workers/start-worker';
import { AppError } from '../errors';
import {
  checkLimitMs,
  customTimeoutOutcome,
  defaultTimeoutOutcome,
  presetKey,
  STATUS_BYTES,
  STATUS_EMAIL,
  STATUS_PARSER,
  STATUS_TASK,
  statusViews,
  type ToPool,
  type ToWorker,
} from './worker-protocol';

export interface ParserSandboxOptions {
  /** Worker threads in the pool (default: 2, or 1 on a one-core machine). */
  workers?: number;
  /** Per parser run (default PARSER_TIME_LIMIT_MS). */
  timeLimitMs?: number;
  /** QuickJS heap per CUSTOM run (default PARSER_MEMORY_LIMIT_BYTES). */
  memoryLimitBytes?: number;
  /** How long past the limit the watchdog waits before it ends a worker (default 150 ms). */
  graceMs?: number;
}

const WATCHDOG_TICK_MS = 25;
/** A worker that dies outside any parser this often in one task is a broken sandbox, not a parser. */
const MAX_CRASHES_PER_TASK = 3;

type Task = { id: number; crashes: number; reject: (error: Error) => void } & (
  | {
      kind: 'chain';
      parsers: ParserProgram[];
      emails: ParserEmail[];
      /** Per e-mail, its outcomes once its worker reported them. */
      outcomes: (ParseOutcome[] | undefined)[];
      preset: Record<string, ParseOutcome>;
      resolve: (outcomes: ParseOutcome[][]) => void;
    }
  | { kind: 'check'; code: string; resolve: (message: string | null) => void }
);

interface Slot {
  worker: Worker;
  words: Int32Array;
  startedAt: Float64Array;
  ready: boolean;
  task: Task | null;
  /** Ended on purpose (watchdog or close): its exit is expected. */
  ended: boolean;
}

/** The code could not be checked now; the caller answers 503 and the user tries again. */
const sandboxBusy = () => new AppError('SERVICE_UNAVAILABLE', 'De server is nu te druk om de code te controleren. Probeer het zo opnieuw.');

export function createParserSandbox(options: ParserSandboxOptions = {}): ParserSandbox {
  const size = Math.max(1, options.workers ?? Math.min(2, availableParallelism()));
  const limits = { timeLimitMs: options.timeLimitMs ?? PARSER_TIME_LIMIT_MS, memoryLimitBytes: options.memoryLimitBytes ?? PARSER_MEMORY_LIMIT_BYTES };
  const graceMs = options.graceMs ?? 150;
  const slots = new Set<Slot>();
  const queue: Task[] = [];
  let nextId = 1;
  let watchdog: NodeJS.Timeout | undefined;
  let closed = false;

  function spawn(): Slot {
    const status = new SharedArrayBuffer(STATUS_BYTES);
    const worker = startWorker(import.meta.url, 'parser-worker', {
      workerData: { status, limits },
      resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    });
    const slot: Slot = {
      worker,
      ...statusViews(status),
      ready: false,
      task: null,
      ended: false,
    };
    worker.unref();
    worker.on('message', (message: ToPool) => onMessage(slot, message));
    worker.on('error', (error) => onDeath(slot, error));
    worker.on('exit', (code) => onDeath(slot, new Error(`The parser sandbox worker exited with code ${code}.`)));
    slots.add(slot);
    return slot;
  }

  function assign(slot: Slot, task: Task) {
    slot.task = task;
    slot.worker.ref();
    const message: ToWorker =
      task.kind === 'chain'
        ? // E-mails a worker that was ended had reported already are not run again.
          { type: 'chain', taskId: task.id, parsers: task.parsers, emails: task.emails.map((e, i) => (task.outcomes[i] ? null : e)), preset: task.preset }
        : { type: 'check', taskId: task.id, code: task.code };
    slot.worker.postMessage(message);
  }

  function dispatch() {
    while (queue.length > 0 && !closed) {
      const slot = [...slots].find((s) => !s.task && !s.ended) ?? (slots.size < size ? spawn() : undefined);
      if (!slot) break;
      assign(slot, queue.shift()!);
    }
    armWatchdog();
  }

  function armWatchdog() {
    const busy = [...slots].some((s) => s.task);
    if (busy && !watchdog) watchdog = setInterval(tick, WATCHDOG_TICK_MS);
    if (!busy && watchdog) {
      clearInterval(watchdog);
      watchdog = undefined;
    }
  }

  function release(slot: Slot) {
    slot.task = null;
    slot.worker.unref();
  }

  function onMessage(slot: Slot, message: ToPool) {
    if (message.type === 'ready') {
      slot.ready = true;
      return;
    }
    const task = slot.task;
    if (!task || task.id !== message.taskId || slot.ended) return;
    if (task.kind === 'chain' && (message.type === 'one' || message.type === 'done')) task.outcomes[message.index] ??= message.outcomes;
    if (message.type === 'one') return;
    release(slot);
    if (task.kind === 'chain' && message.type === 'done') task.resolve(task.outcomes.map((o) => o ?? []));
    if (task.kind === 'check' && message.type === 'checked') {
      if (message.busy) task.reject(sandboxBusy());
      else task.resolve(message.message);
    }
    dispatch();
  }

  /** The e-mail and parser the slot's worker is running for its task, or null between parsers. */
  function runningParser(slot: Slot) {
    return slot.task && Atomics.load(slot.words, STATUS_TASK) === slot.task.id
      ? { email: Atomics.load(slot.words, STATUS_EMAIL), parser: Atomics.load(slot.words, STATUS_PARSER) }
      : null;
  }

  /** Records `outcome` for the parser that was running and sends the rest of its chain (and batch) on. */
  function settleKilled(task: Task, running: { email: number; parser: number }, outcome: ParseOutcome) {
    if (task.kind === 'check') {
      // QuickJS stops the code itself within the check's limit; a check that had to be ended from
      // here got no fair chance (the machine was busy), so it says nothing about the code.
      task.reject(sandboxBusy());
      return;
    }
    task.preset[presetKey(running.email, running.parser)] = outcome;
    // The rest of the chain goes on in the ended worker's replacement, not in a worker that is free
    // now: that one stays free for other work (another dashboard's mail must not wait for a runaway chain).
    if (closed) queue.unshift(task);
    else assign(spawn(), task);
  }

  function tick() {
    const now = Date.now();
    for (const slot of slots) {
      const running = runningParser(slot);
      const limitMs = slot.task?.kind === 'check' ? checkLimitMs(limits.timeLimitMs) : limits.timeLimitMs;
      if (running === null || now - slot.startedAt[0]! <= limitMs + graceMs) continue;
      const task = slot.task!;
      end(slot);
      const timedOut =
        task.kind === 'chain' && task.parsers[running.parser]?.type === 'DEFAULT'
          ? defaultTimeoutOutcome(limits.timeLimitMs)
          : customTimeoutOutcome(limits.timeLimitMs);
      settleKilled(task, running, timedOut);
    }
    dispatch();
  }

  function end(slot: Slot) {
    slot.ended = true;
    slots.delete(slot);
    slot.task = null;
    void slot.worker.terminate();
  }

  function onDeath(slot: Slot, error: Error) {
    if (slot.ended) return;
    const { task, ready } = slot;
    const running = runningParser(slot);
    end(slot);
    if (task) {
      if (running !== null) {
        const outOfMemory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
        settleKilled(
          task,
          running,
          outOfMemory
            ? failed('MemoryLimitExceeded', 'De parser gebruikte te veel geheugen; de sandbox is opnieuw gestart.')
            : failed('SandboxCrashed', `De sandbox stopte tijdens deze parser: ${error.message}`),
        );
      } else if (!ready || ++task.crashes >= MAX_CRASHES_PER_TASK) {
        task.reject(new Error(`The parser sandbox worker failed: ${error.message}`, { cause: error }));
      } else {
        queue.unshift(task);
      }
    }
    dispatch();
  }

  function submit<T>(make: (id: number, resolve: (value: T) => void, reject: (error: Error) => void) => Task) {
    if (closed) return Promise.reject(new Error('The parser sandbox is closed.'));
    return new Promise<T>((resolve, reject) => {
      queue.push(make(nextId++, resolve, reject));
      dispatch();
    });
  }

  function runChains(parsers: readonly ParserProgram[], emails: readonly ParserEmail[]) {
    if (parsers.length === 0 || emails.length === 0) return Promise.resolve(emails.map((): ParseOutcome[] => []));
    return submit<ParseOutcome[][]>((id, resolve, reject) => ({
      id,
      crashes: 0,
      kind: 'chain',
      parsers: [...parsers],
      emails: [...emails],
      outcomes: [],
      preset: {},
      resolve,
      reject,
    }));
  }

  return {
    workers: size,
    runChain: (parsers, email) => runChains(parsers, [email]).then(([outcomes]) => outcomes!),
    runChains,
    checkCustomCode(code) {
      return submit<string | null>((id, resolve, reject) => ({ id, crashes: 0, kind: 'check', code, resolve, reject }));
    },
    async close() {
      closed = true;
      const pending = [...queue, ...[...slots].flatMap((s) => (s.task ? [s.task] : []))];
      queue.length = 0;
      const workers = [...slots].map((s) => s.worker);
      for (const slot of [...slots]) end(slot);
      armWatchdog();
      for (const task of pending) task.reject(new Error('The parser sandbox is closed.'));
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
