/**
 * The `notify` job: reads new alarm history into notifications, queues
 * `unacknowledged`/`overdue`, and delivers due notifications with at most 10 in flight. It runs
 * every 5 s and at once when an alarm changes (`wake`); a run keeps going while anything is in
 * flight or due, picking up new work as it is woken, so a slow receiver delays only its own
 * deliveries. Sends are network waits, so request handling goes on meanwhile.
 */
import { epochSeconds } from '../../platform/clock';
import { defineJob } from '../../platform/jobs/job';
import { createClaims } from './claims';
import { type DeliveryDeps, deliver } from './delivery';
import { escalate, notificationsFromHistory } from './from-history';
import * as q from './notifications.queries';

export const NOTIFY_JOB = 'notify';
const MAX_IN_FLIGHT = 10;
const ESCALATE_EVERY_SECONDS = 15;
const IDLE_POLL_MS = 1000;

/** Lets a change of an alarm cut short the run's wait for the next look. */
export function createNotifyWaker() {
  let waiting: (() => void) | null = null;
  let pending = false;
  return {
    wake() {
      pending = true;
      waiting?.();
    },
    /** Resolves on a wake (also one that came before), after `ms`, or when `others` settles. */
    wait(ms: number, others: Promise<unknown>[], signal: AbortSignal): Promise<void> {
      if (pending || signal.aborted) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiting = null;
          pending = false;
          signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        waiting = done;
        signal.addEventListener('abort', done, { once: true });
        void Promise.race(others).then(done, done);
      });
    },
  };
}
export type NotifyWaker = ReturnType<typeof createNotifyWaker>;

export const notificationJobs = (deps: DeliveryDeps, waker: NotifyWaker) => [
  defineJob({
    name: NOTIFY_JOB,
    intervalSeconds: 5,
    backoff: (failures) => Math.min(5 * 2 ** (failures - 1), 60),
    async run(signal) {
      const inFlight = new Map<number, Promise<void>>();
      const claims = createClaims(deps.db);
      let queued = 0;
      let sent = 0;
      let escalatedAt = -Infinity;
      while (!signal.aborted) {
        const now = epochSeconds(deps.clock);
        await claims.renew(now);
        queued += await notificationsFromHistory(deps.db, now, deps.people.startEscalations);
        if (now - escalatedAt >= ESCALATE_EVERY_SECONDS) {
          await escalate(deps.db, now);
          escalatedAt = now;
        }
        const free = MAX_IN_FLIGHT - inFlight.size;
        const due = free > 0 ? await q.dueNotifications(deps.db, now, free, [...inFlight.keys()]) : [];
        for (const row of due) {
          if (!(await claims.claim(row, now))) continue;
          const attempt = deliver(deps, row)
            // A database failure mid-attempt leaves the row leased: it is tried again when the lease ends.
            .catch((error: unknown) => console.error(`Notification ${row.id}: ${String(error)}`))
            .finally(() => {
              inFlight.delete(row.id);
              claims.release(row.id);
            });
          inFlight.set(row.id, attempt);
          sent++;
        }
        if (inFlight.size === 0 && due.length === 0) break;
        await waker.wait(IDLE_POLL_MS, [...inFlight.values()], signal);
      }
      await Promise.allSettled(inFlight.values());
      return { queued, attempts: sent };
    },
  }),
];
