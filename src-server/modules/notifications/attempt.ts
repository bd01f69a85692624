/** What one delivery attempt came to, for either channel; `retry` says whether backoff applies. */
export type Attempt =
  { ok: true; target: string; messageId?: string; spread?: Spread } | { ok: false; retry: boolean; error: string; retryAfterSeconds?: number; spread?: Spread };

/**
 * A mail sent to several people one by one: whom it reached so far (ids, over every attempt, and
 * their addresses) and whose address failed this time.
 */
interface Spread {
  reachedIds: number[];
  reached: string[];
  missed: string[];
}
