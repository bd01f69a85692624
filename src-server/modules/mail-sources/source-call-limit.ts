/**
 * "Verbinding testen" and "Nu ophalen" at most 10 a minute per source, and 30 a
 * minute per user over all sources (or a new source per try would dodge the first): the test must
 * not guess a mailbox password or knock on a server without limit. Scheduled fetches don't count.
 * Counted in the database, so the limits hold over all instances (shared-rate-limit.ts).
 */
import { type Clock, epochSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { createSharedLimiter, reserveOrRefuse } from '../../platform/shared-rate-limit';

const SOURCE_CALLS_PER_MINUTE = 10;
const USER_SOURCE_CALLS_PER_MINUTE = 30;

export const tooManySourceCallsMessage = (seconds: number) =>
  `Te veel verbindingstests en ophaalacties achter elkaar. Probeer het over ${seconds} seconden opnieuw.`;

export function createSourceCallLimit(db: DB, clock: Clock) {
  const now = () => epochSeconds(clock);
  const perSource = createSharedLimiter(db, 'source-call', SOURCE_CALLS_PER_MINUTE, 60, now);
  const perUser = createSharedLimiter(db, 'user-source-call', USER_SOURCE_CALLS_PER_MINUTE, 60, now);
  /** Counts one call, or throws a 429 with Retry-After when either limit is reached. */
  return (sourceId: number, userId: number) =>
    reserveOrRefuse(
      [
        [perSource, String(sourceId)],
        [perUser, String(userId)],
      ],
      tooManySourceCallsMessage,
    );
}
