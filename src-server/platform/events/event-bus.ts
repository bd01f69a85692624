/**
 * The one source of live events per alarm dashboard: services publish what
 * changed after their transaction commits; the REST event stream and the tRPC subscription both
 * read from here. Each event gets an id, and the last ones per dashboard stay in a ring buffer so
 * a console that reconnects with the last id it saw is sent what it missed. Knows nothing of
 * alarms beyond the shape.
 *
 * Several instances share one order of events through a transport (LISTEN/NOTIFY,
 * pg-event-transport.ts): a batch published here is sent to every instance, this one included, and
 * each delivers what it receives in the order all receive it. Ids are unique across instances, and
 * "what came after id X" is read in that shared order, so a console that reconnects to another
 * instance resumes where it was (or resyncs when that instance does not hold X).
 */
import { EventEmitter } from 'node:events';

export type AlarmEvent =
  | { event: 'alarm'; data: { type: 'created' | 'changed' | 'moved' | 'deleted'; alarmId: number; folderId: number | null } }
  | { event: 'counts'; data: Record<string, never> };

export type StoredEvent = AlarmEvent & { id: number };

/**
 * Something that happened in this process that other modules react to. The module where it happens
 * emits it and knows nothing of who reacts: src-server/reactions.ts is where that is said.
 */
type Happening =
  /** The HUB sync stored values for these channels. */
  | { kind: 'measurements-stored'; channelIds: number[] }
  /** A mail source stored new raw mail. */
  | { kind: 'mail-stored' }
  /** Stored mail was read and now waits for the parsers. */
  | { kind: 'mail-read' };

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
  /** Tells this process's reactions what happened; resolves when they are done (a failed one is logged, never thrown). */
  emit(happening: Happening): Promise<void>;
  /** Adds a reaction to one kind of happening (reactions.ts does, at start). */
  on<K extends Happening['kind']>(kind: K, reaction: (happening: Extract<Happening, { kind: K }>) => unknown): void;
  /** Aborted when the process stops: every live stream ends then, so the server can close. */
  readonly closing: AbortSignal;
  /** Ends every live stream (the server is stopping); their readers reconnect, to another instance if there is one. */
  close(): void;
}

/** Carries batches to every instance, this one included, in one order that all of them receive. */
export interface EventTransport {
  send(dashboardId: number, events: StoredEvent[]): void;
  onReceive(listener: (dashboardId: number, events: StoredEvent[]) => void): void;
}

export interface EventBusOptions {
  /** The start of the ids: the time of start in milliseconds, so ids of an earlier process are older than any held now. */
  firstId?: number;
  /** Events kept per dashboard for readers that reconnect. */
  keep?: number;
  keepMs?: number;
  now?: () => number;
  /** Without one, batches are delivered in this process only. */
  transport?: EventTransport;
}

// Dashboard ids are numbers, so this name never collides with one.
const ANY = '*';

type Held = StoredEvent & { at: number; seq: number };

export function createEventBus(options: EventBusOptions = {}): EventBus {
  const now = options.now ?? Date.now;
  const keep = options.keep ?? 1000;
  const keepMs = options.keepMs ?? 10 * 60_000;
  const emitter = new EventEmitter();
  // Every open console is a listener; hundreds are normal, not a leak.
  emitter.setMaxListeners(0);
  /** The last id this process gave out. */
  let givenId = options.firstId ?? now();
  /** The newest id delivered here, and its place in the order of delivery (seq). */
  let lastId = givenId;
  let lastSeq = 0;
  /** The place in the order of delivery of every id held (and of the first one), to answer "what came after it". */
  const seqOf = new Map<number, number>([[lastId, 0]]);
  /** Per dashboard: held events, oldest first, and the newest dropped from the front. */
  const buffers = new Map<number, { events: Held[]; droppedId: number; droppedSeq: number }>();

  function deliver(dashboardId: number, stored: StoredEvent[]) {
    if (!stored.length) return;
    const at = now();
    const buffer = buffers.get(dashboardId) ?? { events: [], droppedId: NaN, droppedSeq: 0 };
    buffers.set(dashboardId, buffer);
    for (const e of stored) {
      seqOf.set(e.id, ++lastSeq);
      buffer.events.push({ ...e, at, seq: lastSeq });
    }
    lastId = stored.at(-1)!.id;
    let drop = Math.max(0, buffer.events.length - keep);
    while (drop < buffer.events.length && buffer.events[drop]!.at < at - keepMs) drop++;
    if (drop > 0) {
      const dropped = buffer.events.splice(0, drop);
      for (const e of dropped) seqOf.delete(e.id);
      buffer.droppedId = dropped.at(-1)!.id;
      buffer.droppedSeq = dropped.at(-1)!.seq;
    }
    emitter.emit(String(dashboardId), stored);
    emitter.emit(ANY, dashboardId, stored);
  }

  options.transport?.onReceive(deliver);
  const reactions = new Map<Happening['kind'], ((happening: Happening) => unknown)[]>();
  const closing = new AbortController();

  return {
    publish(dashboardId, events) {
      if (!events.length) return;
      const stored = events.map((e) => ({ ...e, id: ++givenId }));
      if (options.transport) options.transport.send(dashboardId, stored);
      else deliver(dashboardId, stored);
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
      const seq = after === lastId ? lastSeq : after === buffer?.droppedId ? buffer.droppedSeq : seqOf.get(after);
      if (seq === undefined || seq < (buffer?.droppedSeq ?? 0)) return null;
      return (buffer?.events ?? []).filter((e) => e.seq > seq).map(({ at: _at, seq: _seq, ...e }) => e);
    },
    lastId: () => lastId,
    async emit(happening) {
      const run = async (reaction: (happening: Happening) => unknown) => {
        try {
          await reaction(happening);
        } catch (error) {
          console.error(`Reactie op ${happening.kind} mislukt:`, error);
        }
      };
      await Promise.all((reactions.get(happening.kind) ?? []).map(run));
    },
    on(kind, reaction) {
      reactions.set(kind, [...(reactions.get(kind) ?? []), reaction as (happening: Happening) => unknown]);
    },
    closing: closing.signal,
    close: () => closing.abort(new DOMException('Server stopping', 'AbortError')),
  };
}
