/**
 * One-time action links: a notification about an unacknowledged alarm carries a link
 * for the one person it goes to (256 random bits, only the SHA-256 kept, valid 24 h). Reading it
 * shows the alarm and never acts, since mail scanners open links; posting `acknowledge` or `resolve`
 * acts once as that person, without a session, and the history says it came `via: 'link'`.
 *
 * Decisions made here:
 * - The person must still be able to open the alarm's dashboard; otherwise the link answers 404 as
 *   a foreign alarm would.
 * - Used and expired links answer 409 with a Dutch message on read and on post, so the page can
 *   say so before anyone presses a button; an unknown link answers 404.
 * - Resolving moves the alarm to the dashboard's resolved folder, as "oplossen" in the console does.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ActionView, AlarmAction } from '@/domain/alarm-action';
import type { Actor } from '@/domain/alarm-lifecycle';
import type { User } from '@/domain/user';
import { type Clock, epochSeconds, isoFromSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events/event-bus';
import { type SharedLimiter, reserveAll } from '../../platform/shared-rate-limit';
import { findDashboard } from '../alarm-dashboards/alarm-dashboards.queries';
import { resolvedFolderIdOf } from '../alarm-folders/alarm-folders.queries';
import { findAlarm } from '../alarms/alarms.queries';
import { acknowledgeAlarm, moveAlarmsTo } from '../alarms/alarms.service';
import { lastActorName } from '../alarms/history.queries';
import { loadUser } from '../users/users.queries';
import * as q from './alarm-actions.queries';
import type { ActionTokenRow } from './alarm-actions.table';

const TOKEN_VALID_SECONDS = 24 * 3600;
const KEEP_EXPIRED_SECONDS = 7 * 24 * 3600;
const UNKNOWN = 'Deze link bestaat niet (meer). Open het alarm in de console.';
const USED = 'Deze link is al gebruikt. Open het alarm in de console om verder te werken.';
const EXPIRED = 'Deze link is verlopen (een link werkt 24 uur). Open het alarm in de console.';

export interface ActionDeps {
  db: DB;
  clock: Clock;
  events: EventBus;
  /** Failed posts per IP (an unknown, used or expired link), as sign-ins are counted. */
  limit: SharedLimiter;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Makes a link for each (alarm, person) given, in that order, stored in one insert (an escalation
 * step's links together); answers their URLs (`PUBLIC_URL/app/act/<token>`).
 */
export async function mintActionLinks({ db }: Pick<ActionDeps, 'db'>, now: number, publicUrl: string, wanted: { alarmId: number; userId: number }[]) {
  const tokens = wanted.map(() => randomBytes(32).toString('base64url'));
  await q.insertTokens(
    db,
    wanted.map(({ alarmId, userId }, i) => ({ tokenHash: hash(tokens[i]!), alarmId, userId, createdAt: now, expiresAt: now + TOKEN_VALID_SECONDS })),
  );
  const base = publicUrl.replace(/\/+$/, '');
  return tokens.map((token) => `${base}/app/act/${token}`);
}

/** The API form of an action link (`PUBLIC_URL/api/v1/actions/<token>`), for a receiver that posts itself (an ntfy button). */
export const actionApiUrl = (pageUrl: string) => pageUrl.replace('/app/act/', '/api/v1/actions/');

/** The token's row when it can still be used; otherwise the Dutch 404 or 409. */
async function usable(deps: Pick<ActionDeps, 'db' | 'clock'>, token: string) {
  const row = await q.findToken(deps.db, hash(token));
  if (!row) throw notFound(UNKNOWN);
  if (row.usedAt !== null) throw new AppError('CONFLICT', USED);
  if (row.expiresAt <= epochSeconds(deps.clock)) throw new AppError('CONFLICT', EXPIRED);
  return row;
}

async function personOf(db: DB, row: ActionTokenRow) {
  const user = await loadUser(db, row.userId);
  if (!user) throw notFound(UNKNOWN);
  const actor: Actor = { type: 'USER', id: user.id, name: user.fullName || user.email, via: 'link' };
  return { user, actor };
}

/** The alarm as the person sees it now; gone from their view (deleted, or their access ended) is an unknown link. */
async function alarmOf(db: DB, user: User, alarmId: number) {
  const found = await findAlarm(db, alarmId, user);
  if (!found) throw notFound(UNKNOWN);
  return found;
}

async function viewOf(db: DB, row: ActionTokenRow): Promise<ActionView> {
  const { user, actor } = await personOf(db, row);
  const { detail: alarm, dashboardId } = await alarmOf(db, user, row.alarmId);
  return {
    user: { id: user.id, name: actor.name },
    expiresAt: isoFromSeconds(row.expiresAt)!,
    alarm: {
      id: alarm.id,
      line: alarm.line,
      priority: alarm.priority,
      location: alarm.location?.name ?? null,
      dashboard: (await findDashboard(db, user, dashboardId))?.name ?? '',
      receivedAt: alarm.receivedAt,
      acknowledged: alarm.acknowledgedAt ? { at: alarm.acknowledgedAt, by: await lastActorName(db, alarm.id, 'acknowledged') } : null,
      resolvedAt: alarm.resolvedAt,
      open: alarm.resolvedAt === null,
    },
  };
}

/** What the confirmation page shows; never acts. */
export async function viewAction(deps: Pick<ActionDeps, 'db' | 'clock'>, token: string) {
  return viewOf(deps.db, await usable(deps, token));
}

/** Acts once as the link's person; failed posts count against the IP like failed sign-ins. */
export async function act(deps: ActionDeps, token: string, action: AlarmAction, ip: string) {
  const { retryAfter, reservations } = await reserveAll([[deps.limit, ip]]);
  if (retryAfter > 0)
    throw new AppError('TOO_MANY_REQUESTS', `Te veel ongeldige links vanaf dit adres. Probeer het over ${Math.ceil(retryAfter / 60)} minuten opnieuw.`, {
      retryAfterSeconds: retryAfter,
    });
  const row = await usable(deps, token);
  const { user, actor } = await personOf(deps.db, row);
  const now = epochSeconds(deps.clock);
  if (!(await q.spendToken(deps.db, row.id, action, now))) throw new AppError('CONFLICT', USED);
  try {
    const { detail, dashboardId } = await alarmOf(deps.db, user, row.alarmId);
    const caller = { user, actor };
    const alarmDeps = { db: deps.db, clock: deps.clock, events: deps.events };
    if (action === 'acknowledge') await acknowledgeAlarm(alarmDeps, caller, row.alarmId);
    else if (detail.resolvedAt === null) {
      await moveAlarmsTo(alarmDeps, caller, { id: await resolvedFolderIdOf(deps.db, dashboardId), dashboardId }, [row.alarmId]);
    }
  } catch (error) {
    await q.unspendToken(deps.db, row.id);
    throw error instanceof AppError && error.status === 404 ? notFound(UNKNOWN) : error;
  }
  // A link that worked does not count against the IP.
  await Promise.all(reservations.map((r) => r.takeBack()));
  const view = await viewOf(deps.db, row);
  return { action, message: action === 'acknowledge' ? 'Het alarm is bevestigd.' : 'Het alarm is opgelost.', view };
}

export const sweepExpiredTokens = ({ db }: Pick<ActionDeps, 'db'>, now: number) => q.deleteExpiredTokens(db, now - KEEP_EXPIRED_SECONDS);
