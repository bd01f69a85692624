/**
 * The inbox's work on stored e-mails: one e-mail in the caller's scope (a
 * foreign one reads as absent), its attempts, read marks and re-parsing. Parsing itself belongs to
 * the parsers module above this one; it reaches this module as `EmailParsing`, wired in services.ts.
 */
import type { User } from '@/domain/user';
import type { Caller } from '../../platform/caller';
import { type Clock, epochSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { attemptsOf, emailDashboardId, findEmail, markEmailRead, requeueEmail, requeueRejected } from './alarm-emails.queries';
import type { EventBus } from '../../platform/events/event-bus';

export interface EmailParsing {
  /** Runs the parsers on one PENDING e-mail now and records the outcome. */
  parseNow(emailId: number): Promise<unknown>;
}

export interface EmailDeps {
  db: DB;
  clock: Clock;
  parsing: EmailParsing;
  events: EventBus;
}

const ABSENT = 'Deze e-mail bestaat niet.';

export const getEmail = ({ db }: Pick<EmailDeps, 'db'>, { user }: Caller, emailId: number) => emailOf(db, user, emailId);

async function emailOf(db: DB, user: User, emailId: number) {
  const email = await findEmail(db, user, emailId);
  if (!email) throw notFound(ABSENT);
  return email;
}

export async function emailAttempts({ db }: Pick<EmailDeps, 'db'>, { user }: Caller, emailId: number) {
  await emailOf(db, user, emailId);
  return attemptsOf(db, emailId);
}

/** Marks read (now) or unread; reading again keeps the first time it was read. */
export async function setRead({ db, clock }: EmailDeps, { user }: Caller, emailId: number, read: boolean) {
  const email = await emailOf(db, user, emailId);
  if (read === (email.readAt !== null)) return email;
  await markEmailRead(db, emailId, read ? epochSeconds(clock) : null);
  return emailOf(db, user, emailId);
}

/** The dashboard of an e-mail the user may see; a foreign or absent one is a 404. */
export async function dashboardOfEmail({ db }: Pick<EmailDeps, 'db'>, { user }: Caller, emailId: number) {
  const dashboardId = await emailDashboardId(db, user, emailId);
  if (dashboardId === undefined) throw notFound(ABSENT);
  return dashboardId;
}

/** Runs the parsers on the e-mail again now and answers it after parsing. */
export async function reparse({ db, parsing }: EmailDeps, { user }: Caller, emailId: number) {
  await emailOf(db, user, emailId);
  await requeueEmail(db, emailId);
  await parsing.parseNow(emailId);
  return emailOf(db, user, emailId);
}

/** Queues every REJECTED e-mail of the dashboard again; answers how many. */
export async function reparseRejected({ db, events }: EmailDeps, dashboardId: number) {
  const count = await requeueRejected(db, dashboardId);
  // Queued again, as if just read: the parse queue takes them.
  if (count) void events.emit({ kind: 'mail-read' });
  return { count };
}
