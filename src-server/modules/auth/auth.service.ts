/**
 * Sign-in, sessions and refresh tokens (DESIGN.md §4): Lucia's session design without the
 * package. Access tokens slide for one hour; refresh tokens last 30 days, rotate on every use,
 * and the reuse of a spent one revokes every token of its sign-in (its family).
 */
import { type LoginInput, loginFailureMessages, tooManyAttemptsMessage } from '@/domain/auth';
import type { User } from '@/domain/user';
import type { DB } from '../../db/database';
import { AppError } from '../../errors';
import { findUserByEmail, locationIdsOfUser, toUser } from '../users/users.queries';
import * as q from './auth.queries';
import { verifyPassword } from './passwords';
import { FailureLimiter } from './rate-limit';
import { newFamilyId, newToken, secretMatches, splitToken } from './tokens';

export interface AuthOptions {
  accessTtlSeconds?: number;
  refreshTtlSeconds?: number;
  /** Failed sign-ins allowed per e-mail address and per IP within `failureWindowSeconds`. */
  maxFailuresPerEmail?: number;
  maxFailuresPerIp?: number;
  failureWindowSeconds?: number;
  now?: () => number;
}

export interface Authenticated {
  user: User;
  sessionId: string;
  familyId: string;
}

const sessionExpired = () => new AppError('UNAUTHORIZED', 'Je sessie is verlopen. Log opnieuw in.');

export function createAuthService(db: DB, options: AuthOptions = {}) {
  const accessTtl = options.accessTtlSeconds ?? 3600;
  const refreshTtl = options.refreshTtlSeconds ?? 30 * 24 * 3600;
  const window = options.failureWindowSeconds ?? 15 * 60;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const byEmail = new FailureLimiter(options.maxFailuresPerEmail ?? 5, window, now);
  const byIp = new FailureLimiter(options.maxFailuresPerIp ?? 50, window, now);

  async function issueTokens(userId: number, familyId: string) {
    const at = now();
    const access = newToken();
    const refresh = newToken();
    await db.transaction().execute(async (trx) => {
      await q.insertSession(trx, {
        id: access.id,
        userId,
        familyId,
        kind: 'access',
        secretHash: access.secretHash,
        createdAt: at,
        expiresAt: at + accessTtl,
        usedAt: null,
      });
      await q.insertSession(trx, {
        id: refresh.id,
        userId,
        familyId,
        kind: 'refresh',
        secretHash: refresh.secretHash,
        createdAt: at,
        expiresAt: at + refreshTtl,
        usedAt: null,
      });
    });
    return { accessToken: access.token, refreshToken: refresh.token };
  }

  function failed(email: string, ip: string, error: AppError): never {
    byEmail.fail(email);
    byIp.fail(ip);
    throw error;
  }

  return {
    async login({ email, password }: LoginInput, ip: string) {
      const retryAfterSeconds = Math.max(byEmail.retryAfter(email), byIp.retryAfter(ip));
      if (retryAfterSeconds > 0) {
        throw new AppError('TOO_MANY_REQUESTS', tooManyAttemptsMessage(retryAfterSeconds), { retryAfterSeconds });
      }
      const user = await findUserByEmail(db, email);
      if (!user) failed(email, ip, new AppError('NOT_FOUND', loginFailureMessages.NOT_FOUND));
      if (!(await verifyPassword(user.passwordHash, password))) {
        failed(email, ip, new AppError('UNAUTHORIZED', loginFailureMessages.INVALID_PASSWORD));
      }
      byEmail.reset(email);
      await q.deleteExpiredSessions(db, now());
      return issueTokens(user.id, newFamilyId());
    },

    /** The signed-in user for an access token, or null; extends the session when half spent. */
    async authenticate(token: string): Promise<Authenticated | null> {
      const parts = splitToken(token);
      if (!parts) return null;
      const row = await q.findAccessSessionWithUser(db, parts.id);
      if (!row || !secretMatches(parts.secret, row.secretHash)) return null;
      const at = now();
      if (row.expiresAt <= at) {
        await q.deleteAccessTokensOfFamily(db, row.familyId);
        return null;
      }
      if (row.expiresAt - at < accessTtl / 2) await q.extendSession(db, row.sessionId, at + accessTtl);
      const locationIds = row.type === 'customer' ? await locationIdsOfUser(db, row.id) : [];
      return { user: toUser(row, locationIds), sessionId: row.sessionId, familyId: row.familyId };
    },

    async refresh(refreshToken: string) {
      const parts = splitToken(refreshToken);
      const row = parts && (await q.findSession(db, parts.id, 'refresh'));
      if (!parts || !row || !secretMatches(parts.secret, row.secretHash)) throw sessionExpired();
      const at = now();
      if (row.usedAt !== null || !(await q.markRefreshUsed(db, row.id, at))) {
        // A spent refresh token came back: someone holds a copy. End the whole sign-in.
        await q.deleteFamily(db, row.familyId);
        throw sessionExpired();
      }
      if (row.expiresAt <= at) {
        await q.deleteFamily(db, row.familyId);
        throw sessionExpired();
      }
      await q.deleteAccessTokensOfFamily(db, row.familyId);
      return issueTokens(row.userId, row.familyId);
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

export type AuthService = ReturnType<typeof createAuthService>;
