/** The messages between the pool and a sandbox worker, and the shared status words' layout. */
import type { ParseOutcome, ParserEmail } from '@/domain/alarm-parser';
import { failed } from './custom-result';
import type { ParserProgram } from './parser-sandbox.types';

/** Int32 word: the task being run (0: none). */
export const STATUS_TASK = 0;
/** Int32 word: the index of the parser being run. A Float64 at byte 8 holds when it started (epoch ms). */
export const STATUS_PARSER = 1;
export const STATUS_BYTES = 16;

export type ToWorker =
  /** `preset`: outcomes the pool already knows (a parser the watchdog ended), not run again. */
  | { type: 'chain'; taskId: number; parsers: ParserProgram[]; email: ParserEmail; preset: Record<number, ParseOutcome> }
  | { type: 'check'; taskId: number; code: string };

export type ToPool =
  { type: 'ready' } | { type: 'done'; taskId: number; outcomes: ParseOutcome[] } | { type: 'checked'; taskId: number; message: string | null };

export const defaultTimeoutOutcome = (limitMs: number) =>
  failed(
    'TimeLimitExceeded',
    `De patronen van deze parser duurden langer dan ${limitMs} ms en zijn afgebroken. Een patroon met geneste herhalingen, zoals (a+)+, kan bij sommige tekst eindeloos zoeken.`,
  );

export const customTimeoutOutcome = (limitMs: number) => failed('TimeLimitExceeded', `De code liep langer dan ${limitMs} ms en is afgebroken.`);
