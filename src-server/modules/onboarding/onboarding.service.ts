/**
 * Onboarding: an admin or installer invites a user by a one-time link instead of
 * choosing a password for them, and "Wachtwoord vergeten" mails a one-time reset link. Links carry
 * 256 random bits; only SHA-256 of them is stored (as for sessions). Mail goes over the
 * notifications' SMTP settings; without them the inviter sees the link once.
 */
import { randomBytes } from 'node:crypto';
import type { AuthTokens } from '@/domain/auth';
import {
  INVITATION_TTL_SECONDS,
  PASSWORD_RESET_TTL_SECONDS,
  type InvitationResult,
  type SetPasswordWithToken,
  type UserTokenKind,
  tokenMessages,
  tooManyResetRequestsMessage,
} from '@/domain/onboarding';
import type { InviteUser } from '@/domain/user';
import type { Caller } from '../../platform/caller';
import { type Clock, epochSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { yieldToEventLoop } from '../../platform/event-loop';
import { hashSecret } from '../auth/tokens';
import { hashPassword } from '../users/passwords';
import { findUserByEmail, setPasswordHash } from '../users/users.queries';
import { type UserDeps, createInvitedUser } from '../users/users.service';
import { type LinkMail, invitationMail, passwordResetMail } from './onboarding-mail';
import * as q from './onboarding.queries';

/** What onboarding needs of sign-in (the auth module's service). */
interface OnboardingSessions {
  startSession(userId: number): Promise<AuthTokens>;
  revokeOtherSessions(userId: number): Promise<unknown>;
  countPasswordResetRequest(email: string, ip: string, message: (retryAfterSeconds: number) => string): Promise<void>;
}

/** The notifications' mail sender (wired in services.ts): `send` never throws. */
interface LinkMailer {
  configured: boolean;
  /** The firm's name (FIRM_NAME or SMTP_FROM's display name), to sign invitations with; null when none is set. */
  firmName: string | null;
  messageId(local: string): string;
  send(mail: LinkMail & { to: string[]; messageId: string; threadRoot: null }): Promise<{ ok: true } | { ok: false; error: string }>;
}

export interface OnboardingDeps {
  db: DB;
  clock: Clock;
  users: UserDeps;
  sessions: OnboardingSessions;
  mailer: LinkMailer;
  /** PUBLIC_URL: where the links point. */
  publicUrl: string;
}

/** Expired links are kept this long, so an old link still says "verlopen" rather than "ongeldig". */
const KEEP_EXPIRED_SECONDS = 30 * 24 * 3600;

const linkPath: Record<UserTokenKind, string> = { invitation: '/app/invitation', 'password-reset': '/app/password-reset' };

export function createOnboarding(deps: OnboardingDeps) {
  const { db, clock, mailer, publicUrl } = deps;
  const now = () => epochSeconds(clock);
  /** Reset mails leave after the answer, so its timing does not tell whether the address exists. */
  const inFlight = new Set<Promise<void>>();

  async function newLink(trx: DB, userId: number, kind: UserTokenKind) {
    const token = randomBytes(32).toString('base64url');
    const at = now();
    const ttl = kind === 'invitation' ? INVITATION_TTL_SECONDS : PASSWORD_RESET_TTL_SECONDS;
    await q.insertUserToken(trx, { userId, kind, tokenHash: hashSecret(token), createdAt: at, expiresAt: at + ttl, usedAt: null });
    return `${publicUrl}${linkPath[kind]}?token=${encodeURIComponent(token)}`;
  }

  async function sendLink(to: string, kind: UserTokenKind, mail: LinkMail) {
    if (!mailer.configured) return;
    const messageId = mailer.messageId(`${kind}-${randomBytes(12).toString('hex')}`);
    const result = await mailer.send({ ...mail, to: [to], messageId, threadRoot: null });
    if (!result.ok) console.error(`${kind} mail to ${to} failed: ${result.error}`);
  }

  /** Sets the password from a link once: the link and the user's other open links are spent in the same transaction. */
  async function spend(kind: UserTokenKind, { token, password }: SetPasswordWithToken): Promise<number> {
    const messages = tokenMessages[kind];
    const row = await q.findUserToken(db, kind, hashSecret(token));
    const at = now();
    if (!row) throw new AppError('BAD_REQUEST', messages.invalid);
    if (row.usedAt !== null) throw new AppError('BAD_REQUEST', messages.used);
    if (row.expiresAt <= at) throw new AppError('BAD_REQUEST', messages.expired);
    const passwordHash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      if (!(await q.markUserTokenUsed(trx, row.id, at))) throw new AppError('BAD_REQUEST', messages.used);
      await setPasswordHash(trx, row.userId, passwordHash);
      await q.spendUserTokensOfUser(trx, row.userId, at);
    });
    await q.deleteExpiredUserTokens(db, at - KEEP_EXPIRED_SECONDS);
    return row.userId;
  }

  async function mailResetLink(email: string) {
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const url = await newLink(db, user.id, 'password-reset');
    await sendLink(user.email, 'password-reset', passwordResetMail(user, url));
  }

  return {
    /** Creates the user (same roles and checks as creating one) with an invitation link; mails it when SMTP is set. */
    async invite(caller: Caller, input: InviteUser): Promise<InvitationResult> {
      let inviteUrl = '';
      const user = await createInvitedUser(deps.users, caller, input, async (trx, userId) => {
        inviteUrl = await newLink(trx, userId, 'invitation');
      });
      await sendLink(user.email, 'invitation', invitationMail(user, mailer.firmName, inviteUrl));
      return { id: user.id, inviteUrl };
    },

    /** The invitee's password; answers a sign-in, as logging in does. */
    async acceptInvitation(input: SetPasswordWithToken): Promise<AuthTokens> {
      return deps.sessions.startSession(await spend('invitation', input));
    },

    /** Counts the request under the sign-in limits and answers at once; the mail (if the address exists) follows. */
    async requestPasswordReset(email: string, ip: string): Promise<void> {
      await deps.sessions.countPasswordResetRequest(email, ip, tooManyResetRequestsMessage);
      // Started after the answer has gone out: begun at once, the look-up, the new link's write and
      // the mail's connection ran before the answer was written, so a known address answered slower.
      const work = yieldToEventLoop()
        .then(() => mailResetLink(email))
        .catch((error: unknown) => console.error('password reset failed:', error));
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    },

    /** A new password from a reset link; every sign-in of the user ends. */
    async confirmPasswordReset(input: SetPasswordWithToken): Promise<void> {
      await deps.sessions.revokeOtherSessions(await spend('password-reset', input));
    },

    /** Resolves when the reset mails under way have left (tests, shutdown). */
    async settled(): Promise<void> {
      await Promise.all([...inFlight]);
    },
  };
}
