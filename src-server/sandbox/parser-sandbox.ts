/**
 * The parser sandbox (DESIGN.md §7 "Pipeline"): runs DEFAULT regexes and CUSTOM JavaScript in a
 * small pool of worker threads under hard limits. PROVISIONAL: the pool lands in the next commit;
 * the factory name and options are final.
 */
import type { ParserSandbox } from './parser-sandbox.types';

export interface ParserSandboxOptions {
  /** Worker threads in the pool (default: 2, or 1 on a one-core machine). */
  workers?: number;
}

export function createParserSandbox(_options: ParserSandboxOptions = {}): ParserSandbox {
  const notYet = () => Promise.reject(new Error('The parser sandbox is not built yet.'));
  return { runChain: notYet, checkCustomCode: notYet, close: async () => {} };
}
