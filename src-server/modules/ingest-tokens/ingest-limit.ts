/**
 * 600 hook requests a minute per ingest token (DESIGN.md §10), in a sliding window. In memory,
 * like the sign-in and mail-source limits: a restart forgetting the counts is harmless.
 */
import { type Clock, epochSeconds } from '../../clock';
import { AppError } from '../../errors';
import { SlidingWindowLimiter } from '../../rate-limit';

const HOOK_REQUESTS_PER_MINUTE = 600;

export function createIngestLimit(clock: Clock) {
  const perToken = new SlidingWindowLimiter(HOOK_REQUESTS_PER_MINUTE, 60, () => epochSeconds(clock));
  /** Counts one request, or throws a 429 with Retry-After when the token is at its limit. */
  return (tokenId: number) => {
    const key = String(tokenId);
    const wait = perToken.retryAfter(key);
    if (wait > 0)
      throw new AppError('TOO_MANY_REQUESTS', `Te veel aanvragen met dit token; probeer het over ${wait} seconden opnieuw.`, { retryAfterSeconds: wait });
    perToken.reserve(key);
  };
}
