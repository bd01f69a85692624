/**
 * "Verbinding testen" and "Nu ophalen" (DESIGN.md §7) at most 10 a minute per source, and 30 a
 * minute per user over all sources (or a new source per try would dodge the first): the test must
 * not guess a mailbox password or knock on a server without limit. Scheduled fetches don't count.
 */
import { type Clock, epochSeconds } from '../../clock';
import { AppError } from '../../errors';
import { SlidingWindowLimiter } from '../../rate-limit';

const SOURCE_CALLS_PER_MINUTE = 10;
const USER_SOURCE_CALLS_PER_MINUTE = 30;

export const tooManySourceCallsMessage = (seconds: number) =>
  `Te veel verbindingstests en ophaalacties achter elkaar. Probeer het over ${seconds} seconden opnieuw.`;

export function createSourceCallLimit(clock: Clock) {
  const now = () => epochSeconds(clock);
  const perSource = new SlidingWindowLimiter(SOURCE_CALLS_PER_MINUTE, 60, now);
  const perUser = new SlidingWindowLimiter(USER_SOURCE_CALLS_PER_MINUTE, 60, now);
  /** Counts one call, or throws a 429 with Retry-After when either limit is reached. */
  return (sourceId: number, userId: number) => {
    const source = String(sourceId);
    const user = String(userId);
    const wait = Math.max(perSource.retryAfter(source), perUser.retryAfter(user));
    if (wait > 0) throw new AppError('TOO_MANY_REQUESTS', tooManySourceCallsMessage(wait), { retryAfterSeconds: wait });
    perSource.reserve(source);
    perUser.reserve(user);
  };
}
