/** How a run's outcome is written down: its result as bounded JSON, its failure as a message and a log line. */
import { AppError } from '../errors';

const MAX_RESULT_BYTES = 64 * 1024;

/** JSON of a run's result for `jobRun.lastResult`; null for undefined or what JSON cannot hold. */
export function resultJson(value: unknown): string | null {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    return null; // cycles, BigInt: a status page can do without it
  }
  if (json === undefined) return null;
  const bytes = Buffer.byteLength(json);
  return bytes > MAX_RESULT_BYTES ? JSON.stringify({ truncated: true, bytes }) : json;
}

/**
 * The message stored as `lastError`, and the line to log: an expected failure (an AppError, or
 * an error with an HTTP `status` such as the HUB client's) logs its message, anything else its stack.
 */
export function describeFailure(error: unknown): { message: string; logged: string } {
  const message = (error instanceof Error ? error.message : String(error)) || 'Onbekende fout.';
  const expected = error instanceof AppError || typeof (error as { status?: unknown } | null)?.status === 'number';
  return { message, logged: expected || !(error instanceof Error) ? message : (error.stack ?? message) };
}
