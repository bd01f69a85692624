/**
 * The `notify` job: reads new alarm history into notifications, queues `unacknowledged`/`overdue`,
 * and delivers due notifications. An alarm change wakes it at once (`wake`, and the runner's wake
 * across instances); the schedule (every 5 s) and a look every second while a run goes on are the
 * safety net. Deliveries run side by side in lanes per channel (`delivery-lanes.ts`): due rows are
 * read in turns per dashboard and channel, claimed in one statement, and what they need (rule,
 * alarm; the people, their methods and action links) is read or made once per batch; outcomes that
 * end close together are stored in one transaction. A slow receiver holds only its own slots, and
 * sends are network waits, so requests go on meanwhile.
 */
import { epochSeconds } from '../../platform/clock';
import { defineJob } from '../../platform/jobs/job';
import type { JobWaker } from '../../platform/jobs/waker';
import { createClaims } from './claims';
import { type DeliveryDeps, type Outcome, attemptDelivery, createFactsCache, storeOutcomes } from './delivery';
import { createLanes, createRateLimits } from './delivery-lanes';
import { traceNotify, traceRow } from './delivery-trace';
import { escalate, notificationsFromHistory } from './from-history';
import type { NotificationRow } from './notifications.table';
import * as q from './notifications.queries';

export const NOTIFY_JOB = 'notify';
const ESCALATE_EVERY_SECONDS = 15;
const LOOK_EVERY_MS = 1000;
/** While a rate-limited lane waits for its window, due rows are looked at again this often at most. */
const WINDOW_WAIT_MIN_MS = 50;
/**
 * The phones first: Telegram's few (its rate lets 30 go at once; each is a few headers), then the
 * pushes, then ntfy; mail and webhooks last. The pushes go to their sender's thread first, so it
 * encrypts and posts them while ntfy's requests are written here (the phone bench measures the
 * orders).
 */
const FIRST: Record<string, number> = { TELEGRAM: 0, WEB_PUSH: 1, NTFY: 2 };
const startOrder = (rows: NotificationRow[]) => [...rows].sort((a, b) => (FIRST[a.channel] ?? 3) - (FIRST[b.channel] ?? 3));

/** A promise the run can wait on that a finished delivery settles. */
function createSignal() {
  let settle = () => {};
  let promise = new Promise<void>((resolve) => (settle = resolve));
  return {
    get next() {
      return promise;
    },
    fire() {
      settle();
      promise = new Promise<void>((resolve) => (settle = resolve));
    },
  };
}

export const notificationJobs = (deps: DeliveryDeps, waker: JobWaker, rates = createRateLimits()) => [
  defineJob({
    name: NOTIFY_JOB,
    intervalSeconds: 5,
    backoff: (failures) => Math.min(5 * 2 ** (failures - 1), 60),
    wake: () => waker.wake(),
    async run(signal) {
      const lanes = createLanes(rates);
      const claims = createClaims(deps.db);
      const inFlight = new Map<number, Promise<void>>();
      const freed = createSignal();
      let outcomes: { row: NotificationRow; outcome: Outcome | undefined; done: () => void }[] = [];
      let flushing = false;

      // Outcomes that end within one turn of the event loop are stored together.
      const flush = async () => {
        const batch = outcomes;
        outcomes = [];
        flushing = false;
        try {
          await storeOutcomes(
            deps,
            batch.flatMap((b) => (b.outcome ? [b.outcome] : [])),
          );
        } catch (error) {
          // The rows stay claimed: they are tried again when their lease ends.
          console.error(`Notifications ${batch.map((b) => b.row.id).join(', ')}: storing the outcome failed: ${String(error)}`);
        }
        for (const b of batch) b.done();
        freed.fire();
      };
      const start = (row: NotificationRow, facts: ReturnType<typeof createFactsCache>) => {
        traceRow('claimed', row);
        const attempt = attemptDelivery(deps, row, facts)
          // A database failure mid-attempt leaves the row claimed: it is tried again when the lease ends.
          .catch((error: unknown) => {
            console.error(`Notification ${row.id}: ${String(error)}`);
            return undefined;
          })
          .then(
            (outcome) =>
              new Promise<void>((done) => {
                outcomes.push({ row, outcome, done });
                if (!flushing) {
                  flushing = true;
                  setImmediate(() => void flush());
                }
              }),
          )
          .finally(() => {
            inFlight.delete(row.id);
            claims.release(row.id);
            lanes.release(row);
          });
        inFlight.set(row.id, attempt);
      };

      let queued = 0;
      let sent = 0;
      let escalatedAt = -Infinity;
      let lookedAt = -Infinity;
      waker.take();
      while (!signal.aborted) {
        const now = epochSeconds(deps.clock);
        await claims.renew(now);
        if (waker.take() || Date.now() - lookedAt >= LOOK_EVERY_MS) {
          lookedAt = Date.now();
          const fresh = await notificationsFromHistory(deps.db, now, deps.people.startEscalations);
          if (fresh) traceNotify(() => ({ stage: 'queued', count: fresh }));
          queued += fresh;
        }
        if (now - escalatedAt >= ESCALATE_EVERY_SECONDS) {
          await escalate(deps.db, now);
          escalatedAt = now;
        }
        const room = lanes.room();
        const due = room > 0 ? await q.fairDueNotifications(deps.db, now, lanes.open(), lanes.perGroup(), room * 2) : [];
        const fitting = lanes.take(due);
        // A row another run claimed first is left to it.
        const claimed = await claims.claim(fitting, now);
        for (const row of fitting) if (!claimed.includes(row)) lanes.release(row, false);
        const facts = createFactsCache(deps, claimed);
        for (const row of startOrder(claimed)) start(row, facts);
        sent += claimed.length;
        if (inFlight.size === 0 && due.length === 0 && !waker.missed()) break;
        // A rate-limited lane (Telegram) holds due rows back until its window frees up.
        const windowMs = rates.nextSendMs(LOOK_EVERY_MS);
        await waker.wait([freed.next], signal, windowMs > 0 ? Math.max(windowMs, WINDOW_WAIT_MIN_MS) : LOOK_EVERY_MS);
      }
      await Promise.allSettled(inFlight.values());
      return { queued, attempts: sent };
    },
  }),
];
