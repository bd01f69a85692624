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
import type { AlarmInFolder } from '@/domain/alarm';
import type { EventBus, StoredEvent } from '../../platform/events/event-bus';
import { type LiveEvent, liveStream } from '../../platform/events/live-stream';
import { listItemsOfDashboard } from './alarms.queries';
import { DASHBOARD_ABSENT } from '@/domain/alarm-dashboard';
import { dashboardVisible } from '../alarm-dashboards/alarm-dashboards.queries';

interface Watcher {
  db: DB;
  auth: { currentUser(sessionId: string): Promise<User> };
  events: EventBus;
  liveHeartbeatMs: number;
  session: { sessionId: string };
}

/** What the console's subscription sends: the live events, an alarm's with its list row when it has one. */
type ConsoleEvent = Exclude<LiveEvent, { event: 'alarm' }> | { event: 'alarm'; data: Extract<LiveEvent, { event: 'alarm' }>['data'] & { row?: AlarmInFolder } };

/** More changed alarms than this in one batch (a move of many) are refetched by the console rather than sent. */
const MAX_ROWS = 50;

/**
 * Rows read for events, shared by every console of this process that is sent the same event (the
 * bus hands them the same event objects), so ten open consoles cost one read, not ten.
 */
const rowsRead = new WeakMap<StoredEvent, Promise<AlarmInFolder | undefined>>();

/**
 * The list rows of a batch's new, changed and moved alarms of this dashboard, by event id: the
 * console puts them into its lists at once and reconciles with a refetch after. Deleted alarms have
 * no row, and a batch of more than MAX_ROWS alarms is left to the refetch.
 */
async function alarmRows(db: DB, dashboardId: number, batch: StoredEvent[]): Promise<ReadonlyMap<number, AlarmInFolder>> {
  const withRows = batch.filter((e) => e.event === 'alarm' && e.data.type !== 'deleted');
  if (withRows.length === 0 || withRows.length > MAX_ROWS) return new Map();
  const unread = withRows.filter((e) => !rowsRead.has(e));
  if (unread.length) {
    const ids = [...new Set(unread.map((e) => (e.event === 'alarm' ? e.data.alarmId : 0)))];
    // A row that cannot be read is left out: the console then refetches, as for a large batch.
    const read = listItemsOfDashboard(db, dashboardId, ids).then(
      (items) => new Map(items.map((item) => [item.id, item])),
      () => new Map<number, AlarmInFolder>(),
    );
    for (const e of unread)
      if (e.event === 'alarm')
        rowsRead.set(
          e,
          read.then((items) => items.get(e.data.alarmId)),
        );
  }
  const rows = await Promise.all(withRows.map(async (e) => [e.id, await rowsRead.get(e)] as const));
  return new Map(rows.filter((r): r is readonly [number, AlarmInFolder] => r[1] !== undefined));
}

/** The items as the REST event stream writes them, heartbeats included; with `rows`, each alarm's list row is attached. */
export function dashboardEvents(ctx: Watcher, dashboardId: number, lastEventId: string | undefined, signal: AbortSignal | undefined, { rows = false } = {}) {
  return liveStream(ctx.events, dashboardId, {
    lastEventId,
    signal,
    heartbeatMs: ctx.liveHeartbeatMs,
    ...(rows ? { attach: (batch: StoredEvent[]) => alarmRows(ctx.db, dashboardId, batch) } : {}),
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
 * "sign in again" from "gone". An alarm event carries the alarm's list row (`row`) when there is
 * one, so the console shows a new alarm from the event itself.
 */
export async function* dashboardSubscription(ctx: Watcher, dashboardId: number, lastEventId: string | undefined, signal: AbortSignal | undefined) {
  try {
    for await (const item of dashboardEvents(ctx, dashboardId, lastEventId, signal, { rows: true })) {
      if (item.event === 'heartbeat') continue;
      const data = item.attached === undefined ? item.data : { ...item.data, row: item.attached as AlarmInFolder };
      yield tracked(String(item.id), { event: item.event, data } as ConsoleEvent);
    }
  } catch (error) {
    throw error instanceof AppError ? toTRPCError(error) : error;
  }
}
