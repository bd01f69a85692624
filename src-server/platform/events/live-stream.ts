/**
 * One reader's view of a dashboard's events, shared by the REST event stream
 * and the tRPC subscription: first what it missed since `lastEventId`, then each new batch, and a
 * heartbeat when nothing happened for `heartbeatMs`. Before anything is handed on, `recheck`
 * confirms that the reader may still watch (access was checked once, at opening, and a logout or
 * a move to another organization must not leave a console listening); it throws when not, which
 * ends the stream. When the server stops (`bus.close()`) it throws the bus's AbortError, so an open
 * console never holds up a stop: the REST stream then just ends, and tRPC ends its stream without
 * its "done" event, so the console's client connects again (to another instance behind a proxy).
 * On a quiet dashboard it runs every `recheckMs` too, so a revoked reader is cut
 * off within seconds rather than at the next heartbeat. A recheck reads the database, so it holds
 * across instances (a logout on one ends the stream on another) with no notice to wire up.
 */
import type { AlarmEvent, EventBus, StoredEvent } from './event-bus';

export const HEARTBEAT_MS = 25_000;
/** How often a quiet stream confirms its reader may still watch: two look-ups by key. */
const RECHECK_MS = 2_000;

/** What a reader is sent: an alarm event, or `resync` when the missed events are no longer held (refetch everything). */
export type LiveEvent = AlarmEvent | { event: 'resync'; data: Record<string, never> };

export type LiveItem = (LiveEvent & { id: number; attached?: unknown }) | { event: 'heartbeat' };

export interface LiveStreamOptions {
  /** The last id the reader saw (`Last-Event-ID`); absent on a first connection. */
  lastEventId?: string | undefined;
  signal: AbortSignal | undefined;
  heartbeatMs: number;
  /** Default RECHECK_MS; never longer than the heartbeat. */
  recheckMs?: number;
  recheck: () => Promise<void>;
  /**
   * What the reader gets with a batch's events beyond their shape, by event id (the alarms module
   * hands each console the rows its list shows, so a new alarm paints without a refetch). Runs after
   * `recheck`, so it reads only for a reader that may still watch.
   */
  attach?: (batch: StoredEvent[]) => Promise<ReadonlyMap<number, unknown>>;
}

/** Many changes at once (a move of 1,000 alarms) need one counts event, not 1,000; the last one's id stands for them. */
function coalesce(batch: StoredEvent[]): StoredEvent[] {
  const counts = batch.findLast((e) => e.event === 'counts');
  return [...batch.filter((e) => e.event === 'alarm'), ...(counts ? [counts] : [])];
}

/** Live streams open in this process now (REST event streams and tRPC subscriptions), for /metrics. */
let open = 0;
export const openLiveStreams = () => open;

export async function* liveStream(bus: EventBus, dashboardId: number, options: LiveStreamOptions): AsyncGenerator<LiveItem> {
  const { signal, heartbeatMs, recheck } = options;
  const queue: StoredEvent[] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = bus.subscribe(dashboardId, (events) => {
    queue.push(...events);
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  bus.closing.addEventListener('abort', onAbort);
  open++;
  try {
    // Subscribed before reading the buffer (in the same tick), so nothing published in between falls through.
    const lastId = options.lastEventId === undefined ? undefined : Number(options.lastEventId);
    if (lastId !== undefined) {
      const missed = Number.isSafeInteger(lastId) ? bus.since(dashboardId, lastId) : null;
      if (missed === null) {
        // Taken before waiting: what is published meanwhile is queued and sent after, with higher ids.
        const resyncId = bus.lastId();
        await recheck();
        yield { event: 'resync', id: resyncId, data: {} };
      } else queue.push(...missed);
    }
    const recheckMs = Math.min(options.recheckMs ?? RECHECK_MS, heartbeatMs);
    let heartbeatAt = performance.now() + heartbeatMs;
    while (!signal?.aborted) {
      bus.closing.throwIfAborted();
      if (queue.length === 0) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, Math.max(0, Math.min(recheckMs, heartbeatAt - performance.now())));
        });
        clearTimeout(timer);
        wake = null;
        if (signal?.aborted) return;
      }
      bus.closing.throwIfAborted();
      await recheck();
      const batch = coalesce(queue.splice(0));
      if (batch.length === 0) {
        // Only a recheck: the heartbeat waits for its own time.
        if (performance.now() < heartbeatAt) continue;
        yield { event: 'heartbeat' };
      }
      const attached = options.attach && batch.length ? await options.attach(batch) : undefined;
      for (const e of batch) yield attached?.has(e.id) ? { ...e, attached: attached.get(e.id) } : e;
      heartbeatAt = performance.now() + heartbeatMs;
    }
  } finally {
    open--;
    unsubscribe();
    signal?.removeEventListener('abort', onAbort);
    bus.closing.removeEventListener('abort', onAbort);
  }
}
