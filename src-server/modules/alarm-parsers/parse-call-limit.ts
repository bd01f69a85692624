/**
 * Dry runs and re-parses at most 30 a minute per dashboard: each one puts work
 * on the shared parser pool, so one dashboard asking in a loop would delay every other
 * dashboard's new mail. Per dashboard, not per user: a second account must not double the share.
 * The parse job itself does not count; its queue is fair per dashboard already.
 */
import { type Clock, epochSeconds } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { SlidingWindowLimiter } from '../../platform/rate-limit';

export const PARSE_CALLS_PER_MINUTE = 30;

const tooManyParseCallsMessage = (seconds: number) =>
  `Te veel testruns en herverwerkingen voor dit dashboard achter elkaar. Probeer het over ${seconds} seconden opnieuw.`;

export function createParseCallLimit(clock: Clock) {
  const perDashboard = new SlidingWindowLimiter(PARSE_CALLS_PER_MINUTE, 60, () => epochSeconds(clock));
  /** Counts one dry run or re-parse, or throws a 429 with Retry-After when the dashboard's limit is reached. */
  return (dashboardId: number) => {
    const key = String(dashboardId);
    const wait = perDashboard.retryAfter(key);
    if (wait > 0) throw new AppError('TOO_MANY_REQUESTS', tooManyParseCallsMessage(wait), { retryAfterSeconds: wait });
    perDashboard.reserve(key);
  };
}
