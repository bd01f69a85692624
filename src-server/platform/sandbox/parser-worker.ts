/**
 * A sandbox worker thread: runs the chains the pool hands it, one at a time. Before each parser it
 * writes (task, parser, start time) into the shared status words, so the pool's watchdog can end
 * this thread when a run outlives the limit (a DEFAULT regex cannot be interrupted otherwise).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { newQuickJSWASMModule, type QuickJSWASMModule } from 'quickjs-emscripten';
import type { ParseOutcome, ParserEmail } from '@/domain/alarm-parser';
import { AbandonModule, checkCustomCode, DamagedModule, runCustom, type RunLimits } from './custom-parser';
import { failed } from './custom-result';
import { evaluateDefault } from '@/lib/default-parser';
import type { ParserProgram } from './parser-sandbox.types';
import {
  checkLimitMs,
  defaultTimeoutOutcome,
  presetKey,
  STATUS_EMAIL,
  STATUS_PARSER,
  STATUS_TASK,
  statusViews,
  type ToPool,
  type ToWorker,
} from './worker-protocol';

const { status, limits } = workerData as { status: SharedArrayBuffer; limits: RunLimits };
const { words, startedAt } = statusViews(status);
const port = parentPort!;
let qjs: QuickJSWASMModule = await newQuickJSWASMModule();
/**
 * Set when a run left its runtime unfreed or QuickJS failed below the guest: the wasm instance is
 * replaced before the next parser runs (not after the batch), so no later run uses it. The
 * replacement starts as soon as the task's reply is posted, while the worker waits for the next.
 */
let reload = false;
let replacing: Promise<void> | null = null;

function replaceModuleIfNeeded(): Promise<void> {
  if (reload && !replacing) {
    // Between parsers: the watchdog does not time the load against the parser that just ended.
    Atomics.store(words, STATUS_TASK, 0);
    replacing = newQuickJSWASMModule()
      .then((fresh) => {
        qjs = fresh;
        reload = false;
      })
      .finally(() => {
        replacing = null;
      });
  }
  return replacing ?? Promise.resolve();
}

function mark(taskId: number, email: number, parser: number) {
  startedAt[0] = Date.now();
  Atomics.store(words, STATUS_EMAIL, email);
  Atomics.store(words, STATUS_PARSER, parser);
  Atomics.store(words, STATUS_TASK, taskId);
}

const describe = (error: unknown) =>
  error instanceof Error ? { name: error.name, message: error.message, stack: error.stack ?? null } : { name: 'Error', message: String(error), stack: null };

function runParser(parser: ParserProgram, email: ParserEmail): ParseOutcome {
  if (parser.type === 'DEFAULT') {
    const start = Date.now();
    try {
      const outcome = evaluateDefault(parser.config, email);
      return Date.now() - start > limits.timeLimitMs ? defaultTimeoutOutcome(limits.timeLimitMs) : outcome;
    } catch (error) {
      const e = describe(error);
      return failed(e.name, e.message, e.stack);
    }
  }
  try {
    return runCustom(qjs, parser.code, email, limits);
  } catch (error) {
    reload = true;
    if (error instanceof AbandonModule || error instanceof DamagedModule) return error.result as ParseOutcome;
    return failed('SandboxError', `De sandbox kon de code niet uitvoeren: ${describe(error).message}`);
  }
}

async function runChain(taskId: number, parsers: ParserProgram[], index: number, email: ParserEmail, preset: Record<string, ParseOutcome>) {
  const outcomes: ParseOutcome[] = [];
  for (let i = 0; i < parsers.length; i++) {
    await replaceModuleIfNeeded();
    mark(taskId, index, i);
    const outcome = preset[presetKey(index, i)] ?? runParser(parsers[i]!, email);
    outcomes.push(outcome);
    if (outcome.type === 'MATCHED') break;
  }
  return outcomes;
}

/** The code's problem (null: none), or `busy` when the sandbox itself failed and the code was not judged. */
function check(taskId: number, code: string): { message: string | null; busy?: boolean } {
  mark(taskId, 0, 0);
  try {
    return { message: checkCustomCode(qjs, code, { ...limits, timeLimitMs: checkLimitMs(limits.timeLimitMs) }) };
  } catch (error) {
    reload = true;
    if (error instanceof AbandonModule || error instanceof DamagedModule) return { message: error.result as string | null };
    return { message: describe(error).message, busy: true };
  }
}

/** Runs the chain over each e-mail of the batch; every e-mail but the last is reported as it ends. */
async function runBatch(message: Extract<ToWorker, { type: 'chain' }>): Promise<ToPool> {
  const { taskId, parsers, emails, preset } = message;
  const last = emails.length - 1;
  for (let index = 0; index < last; index++) {
    const email = emails[index];
    if (email) port.postMessage({ type: 'one', taskId, index, outcomes: await runChain(taskId, parsers, index, email, preset) } satisfies ToPool);
  }
  const email = emails[last];
  return { type: 'done', taskId, index: last, outcomes: email ? await runChain(taskId, parsers, last, email, preset) : [] };
}

// The pool hands a worker one task at a time and waits for its reply, so these never overlap.
port.on('message', async (message: ToWorker) => {
  let reply: ToPool;
  if (message.type === 'chain') reply = await runBatch(message);
  else {
    await replaceModuleIfNeeded();
    reply = { type: 'checked', taskId: message.taskId, ...check(message.taskId, message.code) };
  }
  Atomics.store(words, STATUS_TASK, 0);
  port.postMessage(reply);
  // A failed load surfaces when the next task awaits it (and the pool replaces a worker that dies).
  replaceModuleIfNeeded().catch(() => {});
});
port.postMessage({ type: 'ready' } satisfies ToPool);
