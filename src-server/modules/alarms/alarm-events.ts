/** The live stream of one dashboard (DESIGN.md §7 "Live"): what the event bus publishes, until the reader goes. */
import type { AlarmEvent, EventBus } from '../../events/event-bus';

export async function* alarmEvents(bus: EventBus, dashboardId: number, signal: AbortSignal | undefined): AsyncGenerator<AlarmEvent> {
  const queue: AlarmEvent[] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = bus.subscribe(dashboardId, (events) => {
    queue.push(...events);
    wake?.();
  });
  const aborted = new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }));
  try {
    while (!signal?.aborted) {
      if (queue.length === 0) await Promise.race([new Promise<void>((resolve) => (wake = resolve)), aborted]);
      wake = null;
      // Many changes at once (a move of 1,000 alarms) need one counts event, not 1,000.
      const batch = queue.splice(0);
      const alarms = batch.filter((e) => e.event === 'alarm');
      for (const e of alarms) yield e;
      if (batch.some((e) => e.event === 'counts')) yield { event: 'counts', data: {} };
    }
  } finally {
    unsubscribe();
  }
}
