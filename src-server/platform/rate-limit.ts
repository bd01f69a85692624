/**
 * Counts attempts per key in a sliding window, in this process's memory: the load limits that
 * protect an instance's own work (dry runs per dashboard; hook requests per token on SQLite, whose
 * one instance is the only one counting); a restart forgetting the counts is acceptable. Limits against guessing (sign-ins, mailbox tests) are
 * counted in the database instead, shared by every instance (shared-rate-limit.ts).
 */
export class SlidingWindowLimiter {
  private attempts = new Map<string, number[]>();

  constructor(
    private readonly maxAttempts: number,
    private readonly windowSeconds: number,
    private readonly now: () => number,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.maxAttempts) return 0;
    return Math.max(1, Math.ceil(recent[recent.length - this.maxAttempts]! + this.windowSeconds - this.now()));
  }

  /**
   * Counts an attempt from now on; call the returned function to take it back (a sign-in that
   * succeeded after all). Check `retryAfter` first, in the same synchronous step, so no other attempt slips between.
   */
  reserve(key: string): () => void {
    const at = this.now();
    const recent = this.recent(key);
    recent.push(at);
    this.attempts.set(key, recent);
    if (this.attempts.size > 10_000) this.prune();
    return () => {
      const list = this.attempts.get(key);
      const index = list?.lastIndexOf(at) ?? -1;
      if (index >= 0) list!.splice(index, 1);
    };
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowSeconds;
    return (this.attempts.get(key) ?? []).filter((t) => t > since);
  }

  private prune(): void {
    for (const key of [...this.attempts.keys()]) {
      if (this.recent(key).length === 0) this.attempts.delete(key);
    }
  }
}
