/** The messages between the pool and a sandbox worker, and the shared status words' layout. */
import type { ParseOutcome, ParserEmail } from '@/domain/alarm-parser';
import { failed } from './custom-result';
import type { ParserProgram } from './parser-sandbox.types';

/** Int32 word: the task being run (0: none). */
export const STATUS_TASK = 0;
/** Int32 word: the index of the parser being run. A Float64 at byte 16 holds when it started (epoch ms). */
export const STATUS_PARSER = 1;
/** Int32 word: the index of the e-mail being run in the task's batch. */
export const STATUS_EMAIL = 2;
export const STATUS_BYTES = 24;

/** The status words (task, parser, e-mail) and the start time over the buffer both sides share. */
export const statusViews = (status: SharedArrayBuffer) => ({ words: new Int32Array(status, 0, 3), startedAt: new Float64Array(status, 16, 1) });

/** The key of a preset outcome: the e-mail's index in the batch and the parser's in the chain. */
export const presetKey = (email: number, parser: number) => `${email}:${parser}`;

export type ToWorker =
  /**
   * The chain over each e-mail of a batch, in order. `emails[i]` null: its outcomes are known
   * already (a worker that was ended had reported them). `preset`: outcomes the pool already knows
   * (a parser the watchdog ended), by `presetKey`, not run again.
   */
  | { type: 'chain'; taskId: number; parsers: ParserProgram[]; emails: (ParserEmail | null)[]; preset: Record<string, ParseOutcome> }
  | { type: 'check'; taskId: number; code: string };

export type ToPool =
  | { type: 'ready' }
  /** One e-mail of a batch done (every one but the last; the last comes with `done`). */
  | { type: 'one'; taskId: number; index: number; outcomes: ParseOutcome[] }
  | { type: 'done'; taskId: number; index: number; outcomes: ParseOutcome[] }
  | { type: 'checked'; taskId: number; message: string | null; busy?: boolean };

export const defaultTimeoutOutcome = (limitMs: number) =>
  failed(
    'TimeLimitExceeded',
    `De patronen van deze parser duurden langer dan ${limitMs} ms en zijn afgebroken. Een patroon met geneste herhalingen, zoals (a+)+, kan bij sommige tekst eindeloos zoeken.`,
  );

/**
 * A code check runs the code's top level once, on save; it gets this much longer than a run
 * (at least 2 s) so a busy machine does not turn a wall-clock limit into a verdict on the code.
 */
export const checkLimitMs = (runLimitMs: number) => Math.max(2_000, runLimitMs * 8);

export const customTimeoutOutcome = (limitMs: number) => failed('TimeLimitExceeded', `De code liep langer dan ${limitMs} ms en is afgebroken.`);
