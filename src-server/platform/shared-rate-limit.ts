/**
 * The sliding window of rate-limit.ts kept in the database, so every instance on one database
 * counts the same attempts: sign-ins per e-mail and per IP. An attempt is counted
 * first and then ranked among the key's attempts in the window by id, so N attempts sent at once,
 * to one instance or several, are limited exactly like N sent one after another; a refused attempt
 * takes itself back. Sign-ins (per e-mail and per IP) and mailbox tests (per source and per user)
 * count here: limits against guessing must hold over all instances; so do hook requests per ingest
 * token on PostgreSQL (ingest-limit.ts).
 */
import { type Clock, epochSeconds } from './clock';
import type { DB } from './db/database';
import { AppError } from './errors';
import * as q from './shared-rate-limit.queries';

export interface Reservation {
  /** Seconds until the key may try again; 0 when this attempt is within the limit (and counted). */
  retryAfter: number;
  /** Takes the attempt back (a sign-in that succeeded after all, or one refused by another limit). */
  takeBack: () => Promise<void>;
}

export function createSharedLimiter(db: DB, scope: string, maxAttempts: number, windowSeconds: number, now: () => number) {
  const keyOf = (key: string) => `${scope}:${key}`;
  return {
    async reserve(key: string): Promise<Reservation> {
      const at = now();
      const since = at - windowSeconds;
      // Only this limiter's old attempts: another scope's window may be longer (sign-ins count 15 minutes, hooks one).
      await q.deleteOldAttempts(db, scope, since);
      const id = await q.insertAttempt(db, keyOf(key), at);
      const takeBack = () => q.deleteAttempt(db, id);
      // This attempt and the ones counted before it, newest first.
      const counted = await q.attemptsUpTo(db, keyOf(key), id, since, maxAttempts + 1);
      if (counted.length <= maxAttempts) return { retryAfter: 0, takeBack };
      await takeBack();
      return { retryAfter: Math.max(1, Math.ceil(counted[maxAttempts]!.at + windowSeconds - at)), takeBack: async () => {} };
    },
    async reset(key: string): Promise<void> {
      await q.deleteAttemptsOfKey(db, keyOf(key));
    },
  };
}

export type SharedLimiter = ReturnType<typeof createSharedLimiter>;

/**
 * Counts one attempt under every limit given; when any refuses it, the attempt is taken back from
 * all of them (a refused attempt does not count) and the longest wait is answered. Otherwise 0
 * and the reservations, for a take-back later.
 */
export async function reserveAll(limits: [SharedLimiter, string][]): Promise<{ retryAfter: number; reservations: Reservation[] }> {
  const reservations: Reservation[] = [];
  for (const [limiter, key] of limits) reservations.push(await limiter.reserve(key));
  const retryAfter = Math.max(...reservations.map((r) => r.retryAfter));
  if (retryAfter > 0) await Promise.all(reservations.map((r) => r.takeBack()));
  return { retryAfter, reservations };
}

/** Counts one attempt under every limit given, or throws a 429 with `message(seconds)` and Retry-After. */
export async function reserveOrRefuse(limits: [SharedLimiter, string][], message: (retryAfterSeconds: number) => string): Promise<void> {
  const { retryAfter } = await reserveAll(limits);
  if (retryAfter > 0) throw new AppError('TOO_MANY_REQUESTS', message(retryAfter), { retryAfterSeconds: retryAfter });
}

/**
 * A user's calls that reach out on their behalf about one subject of theirs (a mail source's test, a
 * notification rule's test): at most `perSubject` a minute on one subject, and `perUser` a minute
 * over all their subjects, or a new subject per try would dodge the first. The answer counts one
 * call, or throws a 429 with `message(seconds)` and Retry-After when either limit is reached.
 */
export function createSubjectAndUserLimit(
  db: DB,
  clock: Clock,
  scope: string,
  limits: { perSubject: number; perUser: number },
  message: (retryAfterSeconds: number) => string,
) {
  const now = () => epochSeconds(clock);
  const perSubject = createSharedLimiter(db, scope, limits.perSubject, 60, now);
  const perUser = createSharedLimiter(db, `user-${scope}`, limits.perUser, 60, now);
  return (subjectId: number, userId: number) =>
    reserveOrRefuse(
      [
        [perSubject, String(subjectId)],
        [perUser, String(userId)],
      ],
      message,
    );
}
