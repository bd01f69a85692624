/**
 * The contract between the parse pipeline (modules/alarm-parsers) and the sandbox that runs user
 * parsers off the main thread (DEFAULT regexes under a time limit, CUSTOM
 * JavaScript in QuickJS with hard time and memory limits and no host objects).
 */
import type { ParserConfig, ParserEmail, ParseOutcome } from '@/domain/alarm-parser';

/** A parser as the sandbox runs it: what it is, not where it is stored. */
export type ParserProgram = { id: number; type: 'DEFAULT'; config: ParserConfig } | { id: number; type: 'CUSTOM'; code: string };

export interface ParserSandbox {
  /** Worker threads in the pool: how many chains run at once. */
  readonly workers: number;
  /**
   * Runs the parsers in order on one e-mail and stops after the first MATCHED: one outcome per
   * parser run, in order (a FAILED run does not stop the chain). Never rejects for anything a
   * parser does: a limit, a throw or a bad result is a FAILED outcome with a Dutch message.
   */
  runChain(parsers: readonly ParserProgram[], email: ParserEmail): Promise<ParseOutcome[]>;
  /**
   * `runChain` over each e-mail of a batch, in order, in one worker: one round trip for the batch
   * instead of one per e-mail. A parser that hits its limit ends only its own run, as in `runChain`.
   */
  runChains(parsers: readonly ParserProgram[], emails: readonly ParserEmail[]): Promise<ParseOutcome[][]>;
  /**
   * Checks CUSTOM code before it is saved, in the sandbox like a run: a Dutch message when it does
   * not compile, throws or hits a limit while loading, or defines no `parse` function; else null.
   */
  checkCustomCode(code: string): Promise<string | null>;
  /** Ends the workers; pending chains reject. */
  close(): Promise<void>;
}
