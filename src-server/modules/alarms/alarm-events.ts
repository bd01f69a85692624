/**
 * The live stream of one dashboard for whoever opened it, for as long as they may watch: at every
 * event and heartbeat their session must still live and the dashboard must still be theirs, by the
 * same lookup that let them open it (a logout, a password change, a deleted user or an installer
 * moved to another organization ends the stream).
 */
import { tracked } from '@trpc/server';
import { AppError, notFound, toTRPCError } from '../../platform/errors';
import type { User } from '@/domain/user';
import type { DB } from '../../platform/db/database';
import type { EventBus } from '../../platform/events/event-bus';
import { type LiveEvent, liveStream } from '../../platform/events/live-stream';
import { DASHBOARD_ABSENT } from '@/domain/alarm-dashboard';
import { dashboardVisible } from '../alarm-dashboards/alarm-dashboards.queries';

interface Watcher {
  db: DB;
  auth: { currentUser(sessionId: string): Promise<User> };
  events: EventBus;
  liveHeartbeatMs: number;
  session: { sessionId: string };
}

/** The items as the REST event stream writes them, heartbeats included. */
export function dashboardEvents(ctx: Watcher, dashboardId: number, lastEventId: string | undefined, signal: AbortSignal | undefined) {
  return liveStream(ctx.events, dashboardId, {
    lastEventId,
    signal,
    heartbeatMs: ctx.liveHeartbeatMs,
    // Two lookups by key: the session with its user, then the dashboard in that user's scope.
    recheck: async () => {
      const user = await ctx.auth.currentUser(ctx.session.sessionId);
      if (!(await dashboardVisible(ctx.db, user, dashboardId))) throw notFound(DASHBOARD_ABSENT);
    },
  });
}

/**
 * The same for the tRPC subscription: each event tracked by its id, so the client's reconnect
 * resumes from it; tRPC's own ping keeps the connection open. An ended access is sent as its
 * error (tRPC cannot map an AppError thrown after the call returned), so the client can tell
 * "sign in again" from "gone".
 */
export async function* dashboardSubscription(ctx: Watcher, dashboardId: number, lastEventId: string | undefined, signal: AbortSignal | undefined) {
  try {
    for await (const item of dashboardEvents(ctx, dashboardId, lastEventId, signal)) {
      if (item.event !== 'heartbeat') yield tracked(String(item.id), { event: item.event, data: item.data } as LiveEvent);
    }
  } catch (error) {
    throw error instanceof AppError ? toTRPCError(error) : error;
  }
}
