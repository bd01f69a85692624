/**
 * Sign-in, sessions and refresh tokens: Lucia's session design without the
 * package. Access tokens slide for one hour; refresh tokens last 30 days, rotate on every use,
 * and the reuse of a spent one revokes every token of its sign-in (its family), except within
 * a short grace window, in which it answers the pair its first use gave (two tabs refreshing at once).
 */
import { type AuthTokens, type LoginInput, loginFailureMessages, tooManyAttemptsMessage } from '@/domain/auth';
import type { User } from '@/domain/user';
import { type Clock, epochSeconds } from '../../platform/clock';
import type { Authenticated } from '../../platform/caller';
import type { DB } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { findUserByEmail, findUserById, locationIdsOfUser, toUser } from '../users/users.queries';
import * as q from './auth.queries';
import { verifyPassword, verifyWithoutUser } from '../users/passwords';
import { createSharedLimiter, reserveAll, reserveOrRefuse } from '../../platform/shared-rate-limit';
import { newFamilyId, newToken, openWithSecret, sealWithSecret, secretMatches, splitToken } from './tokens';
import type { SessionRow } from './auth.table';
import type { SessionCache } from './session-cache';

export interface AuthOptions {
  accessTtlSeconds?: number;
  refreshTtlSeconds?: number;
  /** Failed sign-ins allowed per e-mail address and per IP within `failureWindowSeconds`. */
  maxFailuresPerEmail?: number;
  maxFailuresPerIp?: number;
  failureWindowSeconds?: number;
  /** How long a spent refresh token still answers the pair its first use gave. */
  refreshGraceSeconds?: number;
}

const sessionExpired = () => new AppError('UNAUTHORIZED', 'Je sessie is verlopen. Log opnieuw in.');

interface AuthDeps {
  db: DB;
  clock: Clock;
  sessionCache?: SessionCache;
}

/**
 * `sessionCache`: only where this process is the database's one writer, and installed on `db`
 * (see session-cache.ts); without it every request reads its session from the database.
 */
export function createAuthService({ db, clock, sessionCache }: AuthDeps, options: AuthOptions = {}) {
  const accessTtl = options.accessTtlSeconds ?? 3600;
  const refreshTtl = options.refreshTtlSeconds ?? 30 * 24 * 3600;
  const window = options.failureWindowSeconds ?? 15 * 60;
  const now = () => epochSeconds(clock);
  // In the database: every instance on it counts the same failures.
  const byEmail = createSharedLimiter(db, 'email', options.maxFailuresPerEmail ?? 5, window, now);
  const byIp = createSharedLimiter(db, 'ip', options.maxFailuresPerIp ?? 50, window, now);
  // Password-reset requests: the sign-in limits, counted apart (a reset request is no failed sign-in).
  const resetsByEmail = createSharedLimiter(db, 'reset-email', options.maxFailuresPerEmail ?? 5, window, now);
  const resetsByIp = createSharedLimiter(db, 'reset-ip', options.maxFailuresPerIp ?? 50, window, now);
  const grace = options.refreshGraceSeconds ?? 10;

  /** A new access and refresh token, not stored yet. */
  const newPair = () => ({ access: newToken(), refresh: newToken() });
  const tokensOf = ({ access, refresh }: ReturnType<typeof newPair>): AuthTokens => ({ accessToken: access.token, refreshToken: refresh.token });

  /** Stores (hashed) a new pair of `familyId` through `executor` (a transaction). */
  async function storePair(executor: DB, userId: number, familyId: string, { access, refresh }: ReturnType<typeof newPair>) {
    const at = now();
    const row = { userId, familyId, createdAt: at, usedAt: null, rotatedTo: null };
    await q.insertSession(executor, { ...row, id: access.id, kind: 'access', secretHash: access.secretHash, expiresAt: at + accessTtl });
    await q.insertSession(executor, { ...row, id: refresh.id, kind: 'refresh', secretHash: refresh.secretHash, expiresAt: at + refreshTtl });
  }

  async function issueTokens(userId: number, familyId: string): Promise<AuthTokens> {
    const pair = newPair();
    await db.transaction().execute((trx) => storePair(trx, userId, familyId, pair));
    return tokensOf(pair);
  }

  function tooMany(retryAfterSeconds: number) {
    return new AppError('TOO_MANY_REQUESTS', tooManyAttemptsMessage(retryAfterSeconds), { retryAfterSeconds });
  }

  /**
   * Checks a password under the per-e-mail and per-IP limits. The attempt is counted before the
   * (slow) check and taken back only when it succeeds, so parallel tries cannot outrun the count.
   */
  async function checkPassword(email: string, password: string, ip: string, passwordHash: string | undefined): Promise<boolean> {
    const {
      retryAfter,
      reservations: [, forIp],
    } = await reserveAll([
      [byEmail, email],
      [byIp, ip],
    ]);
    if (retryAfter > 0) throw tooMany(retryAfter);
    const valid = passwordHash === undefined ? await verifyWithoutUser(password) : await verifyPassword(passwordHash, password);
    if (valid) {
      await byEmail.reset(email);
      await forIp!.takeBack();
    }
    return valid;
  }

  async function userOf(row: NonNullable<Awaited<ReturnType<typeof q.findAccessSessionWithUser>>>) {
    return toUser(row, row.type === 'customer' ? await locationIdsOfUser(db, row.id) : []);
  }

  /**
   * Spends a refresh token and gives its family a new pair, in one transaction: the pair is kept
   * on the spent row, sealed with the spent token's secret, for a request that arrives within the
   * grace window with the same token, on any instance. Null when another request spent it first
   * (on PostgreSQL the update waits for that request's transaction, so its pair is then readable).
   */
  async function rotate(row: SessionRow, secret: string, at: number): Promise<AuthTokens | null> {
    const pair = newPair();
    const tokens = tokensOf(pair);
    return db.transaction().execute(async (trx) => {
      if (!(await q.markRefreshUsed(trx, row.id, at, sealWithSecret(secret, JSON.stringify(tokens))))) return null;
      await q.deleteAccessTokensOfFamily(trx, row.familyId);
      await storePair(trx, row.userId, row.familyId, pair);
      return tokens;
    });
  }

  /** The pair a spent refresh token's rotation gave, while its grace window lasts. */
  function pairWithinGrace(row: SessionRow, secret: string, at: number): AuthTokens | null {
    if (row.usedAt === null || at - row.usedAt > grace || row.expiresAt <= at || !row.rotatedTo) return null;
    const opened = openWithSecret(secret, row.rotatedTo);
    return opened ? (JSON.parse(opened) as AuthTokens) : null;
  }

  return {
    async login({ email, password }: LoginInput, ip: string) {
      const user = await findUserByEmail(db, email);
      // An unknown e-mail pays for one argon2 verify too, and counts as a failure like a wrong password.
      const valid = await checkPassword(email, password, ip, user?.passwordHash);
      if (!user) throw new AppError('NOT_FOUND', loginFailureMessages.NOT_FOUND);
      if (!valid) throw new AppError('UNAUTHORIZED', loginFailureMessages.INVALID_PASSWORD);
      await q.deleteExpiredSessions(db, now());
      return issueTokens(user.id, newFamilyId());
    },

    /** A new sign-in for a user who proved who they are another way (an invitation link). */
    startSession(userId: number): Promise<AuthTokens> {
      return issueTokens(userId, newFamilyId());
    },

    /** Counts a password-reset request under the sign-in limits (per address and per IP), whether or not the address exists; 429 beyond them. */
    countPasswordResetRequest(email: string, ip: string, message: (retryAfterSeconds: number) => string): Promise<void> {
      return reserveOrRefuse(
        [
          [resetsByEmail, email],
          [resetsByIp, ip],
        ],
        message,
      );
    },

    /** A signed-in user's own password, checked under the same limits as a sign-in (a stolen token must not allow guessing). */
    async verifyOwnPassword(userId: number, password: string, ip: string): Promise<boolean> {
      const user = await findUserById(db, userId);
      return checkPassword(user?.email ?? `#${userId}`, password, ip, user?.passwordHash);
    },

    /** The signed-in user for an access token, or null; extends the session when half spent. */
    async authenticate(token: string): Promise<Authenticated | null> {
      const at = now();
      // The same token string was checked before and nothing it depends on was written since.
      const cached = sessionCache?.get(token, at, accessTtl / 2);
      if (cached) return cached;
      const stamp = sessionCache?.stamp() ?? 0;
      const parts = splitToken(token);
      if (!parts) return null;
      const row = await q.findAccessSessionWithUser(db, parts.id);
      if (!row || !secretMatches(parts.secret, row.secretHash)) return null;
      if (row.expiresAt <= at) {
        await q.deleteAccessTokensOfFamily(db, row.familyId);
        return null;
      }
      // Lucia's sliding expiry: written only once half the lifetime is spent, not on every request.
      const extend = row.expiresAt - at < accessTtl / 2;
      if (extend) await q.extendSession(db, row.sessionId, at + accessTtl);
      // Shared by every request with this token while cached: frozen, so no caller can change it for the others.
      const user = await userOf(row);
      if (user.type === 'customer') Object.freeze(user.locationIds);
      const auth: Authenticated = Object.freeze({ user: Object.freeze(user), sessionId: row.sessionId, familyId: row.familyId });
      if (!extend) sessionCache?.set(token, auth, row.expiresAt, stamp);
      return auth;
    },

    /**
     * The user of a session that a long-lived call (a live stream) checked at its start, as it is
     * now: throws once the session has ended (logout, a password change, expiry, the user deleted).
     * One lookup by primary key; it does not extend the session, so an open stream alone keeps no
     * one signed in.
     */
    async currentUser(sessionId: string): Promise<User> {
      const row = await q.findAccessSessionWithUser(db, sessionId);
      if (!row || row.expiresAt <= now()) throw sessionExpired();
      return userOf(row);
    },

    async refresh(refreshToken: string): Promise<AuthTokens> {
      const parts = splitToken(refreshToken);
      let row = parts && (await q.findSession(db, parts.id, 'refresh'));
      if (!parts || !row || !secretMatches(parts.secret, row.secretHash)) throw sessionExpired();
      const at = now();
      if (row.usedAt === null && row.expiresAt > at) {
        const pair = await rotate(row, parts.secret, at);
        if (pair) return pair;
        // Spent meanwhile by another request (another tab, here or through another instance): its answer.
        row = await q.findSession(db, parts.id, 'refresh');
        if (!row) throw sessionExpired();
      }
      // Two tabs refreshing with the same token within the grace window: the later one gets the same new pair.
      const pair = pairWithinGrace(row, parts.secret, at);
      if (pair) return pair;
      // Spent within the window but its pair is not readable (a rotation from before the pair was kept): sign in again, but no theft.
      if (row.usedAt !== null && at - row.usedAt <= grace && row.expiresAt > at) throw sessionExpired();
      // A spent refresh token came back after the grace window: someone holds a copy. End the whole sign-in.
      await q.deleteFamily(db, row.familyId);
      throw sessionExpired();
    },

    /** Ends the sign-in that the token (access or refresh) belongs to. */
    async logout(token: string): Promise<void> {
      const parts = splitToken(token);
      if (!parts) return;
      const row = (await q.findSession(db, parts.id, 'access')) ?? (await q.findSession(db, parts.id, 'refresh'));
      if (row && secretMatches(parts.secret, row.secretHash)) await q.deleteFamily(db, row.familyId);
    },

    /** After a password change: every other sign-in of the user ends. */
    revokeOtherSessions(userId: number, keepFamilyId?: string) {
      return q.deleteSessionsOfUser(db, userId, keepFamilyId);
    },
  };
}
