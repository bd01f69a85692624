/**
 * What a module declares to have work done in the background: a name, how often,
 * what to run and how to back off. Modules export arrays of these; `runner.ts` runs them.
 */
import { backoffSeconds } from './backoff';

export interface JobDefinition {
  /** Unique across the product: the key of the job's `jobRun` row. */
  name: string;
  /** Seconds from the end of a successful run to the next; read after every run. */
  intervalSeconds: number | (() => number);
  /**
   * The work. `signal` aborts when the process stops or another process took over the lock;
   * `input` is what `runNow` was given (undefined on the schedule).
   */
  run(signal: AbortSignal, input?: unknown): Promise<unknown>;
  /** Whether the schedule runs it (default: always); `runNow` runs it either way. */
  enabled?: () => boolean;
  /** How long the lock lasts without renewal (default 15 min); a running job renews it. */
  lockSeconds?: number;
  /** Seconds to wait after `failures` failures in a row (1 = the first), the last one `error`. */
  backoff?: (failures: number, error: unknown) => number;
  /**
   * Lets new work reach a run in progress (e.g. new mail for the parse queue). With it, a `runNow`
   * that finds the lock held by another instance wakes that instance's run (JobWakes).
   */
  wake?: () => void;
}

/**
 * Carries "job X has new work" to every instance, this one included (PostgreSQL LISTEN/NOTIFY,
 * events/pg-event-transport.ts): the instance whose run holds X's lock wakes that run.
 */
export interface JobWakes {
  send(jobName: string): void;
  onReceive(listener: (jobName: string) => void): void;
}

/** Identity: gives a job literal its type where it is declared. */
export const defineJob = (job: JobDefinition): JobDefinition => job;

/** Exponential backoff from 1 minute to 6 hours, or the Retry-After the error carries. */
export function defaultBackoff(failures: number, error: unknown): number {
  return backoffSeconds(failures, { retryAfterSeconds: retryAfterOf(error) });
}

/** `HubError.retryAfterSeconds` or `AppError.details.retryAfterSeconds`, when there is one. */
function retryAfterOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const { retryAfterSeconds, details } = error as { retryAfterSeconds?: unknown; details?: { retryAfterSeconds?: unknown } };
  const value = retryAfterSeconds ?? details?.retryAfterSeconds;
  return typeof value === 'number' ? value : null;
}
