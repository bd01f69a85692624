/**
 * Lets new work reach a job's run in progress (new mail for the mail reader and the parse queue, a
 * change of an alarm for the notify job): the run looks for work again at once, and a wake that came
 * as a run was ending starts another.
 */
export function createJobWaker() {
  let woken = false;
  let poke: (() => void) | null = null;
  return {
    wake() {
      woken = true;
      poke?.();
    },
    /** Whether a wake came since the last call (and forgets it). */
    take() {
      const was = woken;
      woken = false;
      return was;
    },
    /** A wake that no run has taken yet: the run that just ended missed it. */
    missed: () => woken,
    /**
     * Resolves on a wake (also one that came before), when one of `others` settles, on abort, or after
     * `ms` when given.
     */
    wait(others: Promise<unknown>[], signal: AbortSignal, ms?: number): Promise<void> {
      if (woken || signal.aborted) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          poke = null;
          signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = ms === undefined ? undefined : setTimeout(done, ms);
        poke = done;
        signal.addEventListener('abort', done, { once: true });
        for (const p of others) void p.then(done, done);
      });
    },
  };
}
export type JobWaker = ReturnType<typeof createJobWaker>;
