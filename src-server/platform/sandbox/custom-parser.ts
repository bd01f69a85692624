/**
 * A CUSTOM parser run in QuickJS (inside a sandbox worker, never on the main thread). Each run gets
 * a fresh runtime and context (~0.2 ms, measured), so nothing one parser leaves behind reaches the
 * next e-mail, and the memory limit counts this run alone. The guest sees only its own globals and
 * the e-mail, handed over as a JSON string and parsed inside; the result leaves as a JSON string.
 *
 * A runtime whose run hit the time or memory limit is not freed: QuickJS (as vendored in
 * quickjs-emscripten 0.32.0) can leave objects of its own behind when an interrupt or an allocation
 * failure lands inside a promise job, with every handle of ours disposed, and its JS_FreeRuntime
 * then aborts the whole wasm instance ("Aborted(Assertion failed: list_empty(&rt->gc_obj_list)").
 * Such a run throws `AbandonModule` instead, and the worker drops the wasm instance (heap and all)
 * for a fresh one before it runs anything else.
 */
import type { QuickJSContext, QuickJSHandle, QuickJSWASMModule } from 'quickjs-emscripten';
import type { ParseOutcome, ParserEmail } from '@/domain/alarm-parser';
import { failed, interpretCustomResult } from './custom-result';
import { customTimeoutOutcome } from './worker-protocol';

export interface RunLimits {
  timeLimitMs: number;
  memoryLimitBytes: number;
}

/** The largest JSON a parse result may serialize to. */
const RESULT_MAX_CHARS = 64 * 1024;
/** QuickJS's own stack bound; well inside a worker's 4 MB native stack (512 KB overflowed Node's 1 MB main stack). */
const STACK_BYTES = 256 * 1024;
/** Extra time to describe a thrown value, which may run the guest's getters. */
const DESCRIBE_MS = 50;
const TEXT_MAX = 2000;

/** Runs before the user's code, so a user who replaces JSON or Error cannot disturb the hand-over. */
const PRELUDE = `(() => {
  const parseJson = JSON.parse, stringify = JSON.stringify, ErrorType = Error, objectToString = Object.prototype.toString;
  const text = (x) => { try { return String(x); } catch { return objectToString.call(x); } };
  return [
    (parse, input) => parse(parseJson(input)),
    (value, max) => { const s = stringify(value); return typeof s === 'string' && s.length > max ? s.length : s; },
    (e) => {
      if (e instanceof ErrorType) return stringify({ name: text(e.name), message: text(e.message), stack: typeof e.stack === 'string' ? e.stack : null });
      let preview;
      try { preview = typeof e === 'object' && e !== null ? stringify(e) : text(e); } catch { preview = objectToString.call(e); }
      return stringify({ name: 'NonErrorThrown', message: 'parse(email) gooide een waarde die geen Error is (' + typeof e + '): ' + text(preview).slice(0, 200), stack: null });
    },
  ];
})()`;

type Failure = { kind: 'failed'; outcome: ParseOutcome };
type Step<T> = T | Failure;
const isFailure = (x: unknown): x is Failure => typeof x === 'object' && x !== null && (x as Failure).kind === 'failed';

/** One guest: runtime, context, deadline and the handles to free. */
class Guest {
  readonly ctx: QuickJSContext;
  private deadline: number;
  private interrupted = false;
  /** QuickJS hit the memory limit during the run (the guest may have caught the error). */
  private outOfMemory = false;
  private readonly handles: QuickJSHandle[] = [];
  private readonly helpers: { call: QuickJSHandle; serialize: QuickJSHandle; describe: QuickJSHandle };

  constructor(
    qjs: QuickJSWASMModule,
    private readonly limits: RunLimits,
  ) {
    const runtime = qjs.newRuntime();
    runtime.setMemoryLimit(limits.memoryLimitBytes);
    runtime.setMaxStackSize(STACK_BYTES);
    this.deadline = Date.now() + limits.timeLimitMs;
    runtime.setInterruptHandler(() => (this.interrupted ||= Date.now() > this.deadline));
    this.ctx = runtime.newContext();
    const list = this.keep(this.ctx.unwrapResult(this.ctx.evalCode(PRELUDE, 'prelude.js', { type: 'global', strict: true })));
    const [call, serialize, describe] = [0, 1, 2].map((i) => this.keep(this.ctx.getProp(list, i)));
    this.helpers = { call: call!, serialize: serialize!, describe: describe! };
  }

  keep(handle: QuickJSHandle) {
    this.handles.push(handle);
    return handle;
  }

  /** The guest's result of a QuickJS call, or the FAILED outcome its error makes. */
  settle(result: ReturnType<QuickJSContext['evalCode']>): Step<QuickJSHandle> {
    if (result.error) return { kind: 'failed', outcome: this.failure(this.keep(result.error)) };
    return this.keep(result.value);
  }

  load(code: string): Step<QuickJSHandle> {
    const loaded = this.settle(this.ctx.evalCode(code, 'parser.js', { type: 'global' }));
    if (isFailure(loaded)) return loaded;
    const parse = this.keep(this.ctx.getProp(this.ctx.global, 'parse'));
    if (this.ctx.typeof(parse) !== 'function') return { kind: 'failed', outcome: failed('MissingParse', 'De code definieert geen functie parse(email).') };
    return parse;
  }

  call(parse: QuickJSHandle, email: ParserEmail): Step<QuickJSHandle> {
    const input = this.keep(this.ctx.newString(JSON.stringify(email)));
    const value = this.settle(this.ctx.callFunction(this.helpers.call, this.ctx.undefined, parse, input));
    return isFailure(value) ? value : this.awaited(value);
  }

  /** A returned promise: its jobs run until it settles; one that cannot settle any more fails. */
  private awaited(value: QuickJSHandle): Step<QuickJSHandle> {
    for (;;) {
      const state = this.ctx.getPromiseState(value);
      if (state.type === 'fulfilled') return state.notAPromise ? value : this.keep(state.value);
      if (state.type === 'rejected') return { kind: 'failed', outcome: this.failure(this.keep(state.error)) };
      const jobs = this.ctx.runtime.executePendingJobs();
      if (jobs.error) return { kind: 'failed', outcome: this.failure(this.keep(jobs.error)) };
      // An interrupted job ends quietly (its own promise rejects), so the flag tells.
      if (this.interrupted) return { kind: 'failed', outcome: customTimeoutOutcome(this.limits.timeLimitMs) };
      if (jobs.value === 0) {
        return {
          kind: 'failed',
          outcome: failed('PromiseNotSettled', 'De belofte (Promise) van parse(email) wordt nooit afgehandeld: er is niets meer dat haar kan vervullen.'),
        };
      }
    }
  }

  serialize(value: QuickJSHandle): ParseOutcome {
    const max = this.keep(this.ctx.newNumber(RESULT_MAX_CHARS));
    const json = this.settle(this.ctx.callFunction(this.helpers.serialize, this.ctx.undefined, value, max));
    if (isFailure(json)) return json.outcome;
    const type = this.ctx.typeof(json);
    if (type === 'number') {
      const size = this.ctx.getNumber(json).toLocaleString('nl-NL');
      return failed('ResultTooLarge', `Het resultaat is te groot: ${size} tekens als JSON (hoogstens ${RESULT_MAX_CHARS.toLocaleString('nl-NL')}).`);
    }
    return interpretCustomResult(type === 'string' ? JSON.parse(this.ctx.getString(json)) : undefined);
  }

  /** The FAILED outcome of a thrown value or a limit. */
  failure(error: QuickJSHandle): ParseOutcome {
    if (this.interrupted) return customTimeoutOutcome(this.limits.timeLimitMs);
    this.deadline = Date.now() + DESCRIBE_MS;
    const described = this.ctx.callFunction(this.helpers.describe, this.ctx.undefined, error);
    if (described.error) {
      this.keep(described.error);
      return failed('UnknownError', 'parse(email) gooide een waarde die niet te beschrijven is.');
    }
    const { name, message, stack } = JSON.parse(this.ctx.getString(this.keep(described.value))) as { name: string; message: string; stack: string | null };
    if (name === 'InternalError' && message === 'out of memory') {
      this.outOfMemory = true;
      const mb = Math.round(this.limits.memoryLimitBytes / 1024 / 1024);
      return failed('MemoryLimitExceeded', `De code gebruikte meer dan ${mb} MB geheugen en is afgebroken.`, stack);
    }
    if (name === 'InternalError' && message === 'stack overflow') {
      return failed('StackOverflow', 'De code riep zichzelf te diep aan (stack overflow) en is afgebroken.', stack?.slice(0, TEXT_MAX) ?? null);
    }
    return failed(name.slice(0, 64) || 'Error', message.slice(0, TEXT_MAX), stack?.slice(0, TEXT_MAX) ?? null);
  }

  /** A run that QuickJS stopped at a limit: its runtime may not be freeable (see the top of this file). */
  get hitLimit() {
    return this.interrupted || this.outOfMemory;
  }

  /** Frees the handles and the context, and the runtime unless `keepRuntime` (the module is dropped instead). */
  dispose(keepRuntime = false) {
    for (const handle of this.handles.reverse()) if (handle.alive) handle.dispose();
    const runtime = this.ctx.runtime;
    this.ctx.dispose();
    if (!keepRuntime) runtime.dispose();
  }
}

/**
 * The run's result stands, but its runtime was left unfreed on purpose: the caller must drop this
 * wasm instance and load a new one before the next run.
 */
export class AbandonModule<T> extends Error {
  constructor(readonly result: T) {
    super('QuickJS runtime left unfreed after a limit; the wasm instance must be replaced');
  }
}

/**
 * QuickJS could not free the guest's runtime although the run hit no limit (it aborted, and said so
 * on stderr): the result stands, but the wasm instance must be replaced.
 */
export class DamagedModule<T> extends Error {
  constructor(
    readonly result: T,
    cause: unknown,
  ) {
    super('QuickJS could not free a runtime', { cause });
  }
}

function withGuest<T>(qjs: QuickJSWASMModule, limits: RunLimits, use: (guest: Guest) => T): T {
  const guest = new Guest(qjs, limits);
  let result: T;
  try {
    result = use(guest);
  } catch (error) {
    try {
      guest.dispose(true);
    } catch {
      // The first error says more; the caller replaces the module either way.
    }
    throw error;
  }
  if (guest.hitLimit) {
    guest.dispose(true);
    throw new AbandonModule(result);
  }
  try {
    guest.dispose();
  } catch (error) {
    throw new DamagedModule(result, error);
  }
  return result;
}

export function runCustom(qjs: QuickJSWASMModule, code: string, email: ParserEmail, limits: RunLimits): ParseOutcome {
  return withGuest(qjs, limits, (guest) => {
    const parse = guest.load(code);
    if (isFailure(parse)) return parse.outcome;
    const value = guest.call(parse, email);
    return isFailure(value) ? value.outcome : guest.serialize(value);
  });
}

/** Compiles and loads the code under the same limits: a Dutch message, or null when `parse` is there. */
export function checkCustomCode(qjs: QuickJSWASMModule, code: string, limits: RunLimits): string | null {
  return withGuest(qjs, limits, (guest) => {
    const compiled = guest.settle(guest.ctx.evalCode(code, 'parser.js', { type: 'global', compileOnly: true }));
    if (isFailure(compiled)) return describeCheckFailure(compiled.outcome, 'De code is geen geldig JavaScript');
    const parse = guest.load(code);
    return isFailure(parse) ? describeCheckFailure(parse.outcome, 'De code gooit een fout bij het laden') : null;
  });
}

function describeCheckFailure(outcome: ParseOutcome, lead: string) {
  if (outcome.type !== 'FAILED') return lead;
  if (outcome.exceptionType === 'MissingParse' || outcome.exceptionType.endsWith('Exceeded') || outcome.exceptionType === 'StackOverflow') {
    return outcome.exceptionMessage;
  }
  const at = /parser\.js:(\d+):(\d+)/.exec(outcome.exceptionStackTrace ?? '');
  return `${lead}${at ? ` (regel ${at[1]}, kolom ${at[2]})` : ''}: ${outcome.exceptionType}: ${outcome.exceptionMessage}`;
}
