/**
 * 600 hook requests a minute per ingest token, in a sliding window, 429 with
 * Retry-After beyond it. On PostgreSQL several instances share the token's count in the database,
 * like the sign-in limits (shared-rate-limit.ts), so a token sent round-robin to two instances
 * still gets 600, not 1,200 (no state that matters lives only in one process). SQLite has one
 * instance, which counts in memory (rate-limit.ts) and spends no write per request on it.
 */
import { type Clock, epochSeconds } from '../../platform/clock';
import { type DB, engineOf } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { SlidingWindowLimiter } from '../../platform/rate-limit';
import { createSharedLimiter, reserveOrRefuse } from '../../platform/shared-rate-limit';

const HOOK_REQUESTS_PER_MINUTE = 600;

const tooMany = (seconds: number) => `Te veel aanvragen met dit token; probeer het over ${seconds} seconden opnieuw.`;

/** Counts one request of the token, or throws a 429 with Retry-After when the token is at its limit. */
export type IngestLimit = (tokenId: number) => Promise<void>;

export function createIngestLimit(db: DB, clock: Clock): IngestLimit {
  const now = () => epochSeconds(clock);
  if (engineOf(db) === 'postgres') {
    const perToken = createSharedLimiter(db, 'hook-token', HOOK_REQUESTS_PER_MINUTE, 60, now);
    return (tokenId) => reserveOrRefuse([[perToken, String(tokenId)]], tooMany);
  }
  const perToken = new SlidingWindowLimiter(HOOK_REQUESTS_PER_MINUTE, 60, now);
  return async (tokenId) => {
    const key = String(tokenId);
    const wait = perToken.retryAfter(key);
    if (wait > 0) throw new AppError('TOO_MANY_REQUESTS', tooMany(wait), { retryAfterSeconds: wait });
    perToken.reserve(key);
  };
}
