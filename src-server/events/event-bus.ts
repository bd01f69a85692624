/**
 * The one source of live events per alarm dashboard (DESIGN.md §7 "Live"): services publish what
 * changed after their transaction commits; the REST event stream and the tRPC subscription both
 * read from here. Each event gets an id, and the last ones per dashboard stay in a ring buffer so
 * a console that reconnects with the last id it saw is sent what it missed. Knows nothing of
 * alarms beyond the shape.
 *
 * This implementation holds one process's consoles. Several instances (DESIGN.md §12) replace it
 * with one fed by LISTEN/NOTIFY behind the same `EventBus` interface.
 */
import { EventEmitter } from 'node:events';

export type AlarmEvent =
  | { event: 'alarm'; data: { type: 'created' | 'changed' | 'moved' | 'deleted'; alarmId: number; folderId: number | null } }
  | { event: 'counts'; data: Record<string, never> };

export type StoredEvent = AlarmEvent & { id: number };

export interface EventBus {
  publish(dashboardId: number, events: AlarmEvent[]): void;
  /** Calls `listener` with each batch published for the dashboard; returns the unsubscribe. */
  subscribe(dashboardId: number, listener: (events: StoredEvent[]) => void): () => void;
  /** Calls `listener` with every dashboard's batches (the notifications job wakes on them); returns the unsubscribe. */
  subscribeAll(listener: (dashboardId: number, events: StoredEvent[]) => void): () => void;
  /**
   * The dashboard's events after `lastId`, or null when some of them are no longer held (or the
   * id was never given out by this bus, e.g. before a restart): the reader must then refetch everything.
   */
  since(dashboardId: number, lastId: number): StoredEvent[] | null;
  /** The newest id given out: where a reader that refetched everything resumes from. */
  lastId(): number;
}

export interface EventBusOptions {
  /** The start of the ids: the time of start in milliseconds, so ids of an earlier process are older than any held now. */
  firstId?: number;
  /** Events kept per dashboard for readers that reconnect. */
  keep?: number;
  keepMs?: number;
  now?: () => number;
}

// Dashboard ids are numbers, so this name never collides with one.
const ANY = '*';

export function createEventBus(options: EventBusOptions = {}): EventBus {
  const now = options.now ?? Date.now;
  const keep = options.keep ?? 1000;
  const keepMs = options.keepMs ?? 10 * 60_000;
  const emitter = new EventEmitter();
  // Every open console is a listener; hundreds are normal, not a leak.
  emitter.setMaxListeners(0);
  let lastId = options.firstId ?? now();
  const firstId = lastId + 1;
  /** Per dashboard: held events, oldest first, and the newest id dropped from the front. */
  const buffers = new Map<number, { events: (StoredEvent & { at: number })[]; droppedId: number }>();

  function hold(dashboardId: number, stored: StoredEvent[]) {
    const at = now();
    const buffer = buffers.get(dashboardId) ?? { events: [], droppedId: firstId - 1 };
    buffers.set(dashboardId, buffer);
    buffer.events.push(...stored.map((e) => ({ ...e, at })));
    let drop = Math.max(0, buffer.events.length - keep);
    while (drop < buffer.events.length && buffer.events[drop]!.at < at - keepMs) drop++;
    if (drop > 0) buffer.droppedId = buffer.events.splice(0, drop).at(-1)!.id;
  }

  return {
    publish(dashboardId, events) {
      if (!events.length) return;
      const stored = events.map((e) => ({ ...e, id: ++lastId }));
      hold(dashboardId, stored);
      emitter.emit(String(dashboardId), stored);
      emitter.emit(ANY, dashboardId, stored);
    },
    subscribe(dashboardId, listener) {
      emitter.on(String(dashboardId), listener);
      return () => emitter.off(String(dashboardId), listener);
    },
    subscribeAll(listener) {
      emitter.on(ANY, listener);
      return () => emitter.off(ANY, listener);
    },
    since(dashboardId, after) {
      const buffer = buffers.get(dashboardId);
      if (after > lastId || after < (buffer?.droppedId ?? firstId - 1)) return null;
      return (buffer?.events ?? []).filter((e) => e.id > after).map(({ at: _at, ...e }) => e);
    },
    lastId: () => lastId,
  };
}
