/**
 * In-process publish/subscribe per alarm dashboard (DESIGN.md §7 "Live"): services publish what
 * changed after their transaction commits; the SSE endpoint streams it to open consoles. One
 * process holds every console, so no broker is needed. Knows nothing of alarms beyond the shape.
 */
import { EventEmitter } from 'node:events';

export type AlarmEvent =
  | { event: 'alarm'; data: { type: 'created' | 'changed' | 'moved' | 'deleted'; alarmId: number; folderId: number | null } }
  | { event: 'counts'; data: Record<string, never> };

// Dashboard ids are numbers, so this name never collides with one.
const ANY = '*';

export function createEventBus() {
  const emitter = new EventEmitter();
  // Every open console is a listener; hundreds are normal, not a leak.
  emitter.setMaxListeners(0);
  return {
    publish(dashboardId: number, events: AlarmEvent[]) {
      if (events.length === 0) return;
      emitter.emit(String(dashboardId), events);
      emitter.emit(ANY, dashboardId, events);
    },
    /** Calls `listener` with every dashboard's batches (the notifications job wakes on them). */
    subscribeAll(listener: (dashboardId: number, events: AlarmEvent[]) => void) {
      emitter.on(ANY, listener);
      return () => emitter.off(ANY, listener);
    },
    /** Calls `listener` with each batch published for the dashboard; returns the unsubscribe. */
    subscribe(dashboardId: number, listener: (events: AlarmEvent[]) => void) {
      emitter.on(String(dashboardId), listener);
      return () => emitter.off(String(dashboardId), listener);
    },
  };
}
export type EventBus = ReturnType<typeof createEventBus>;
