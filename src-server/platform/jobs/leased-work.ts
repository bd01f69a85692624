/**
 * Long-running work per item (an IMAP watcher per source) run under leases (leases.ts), so across
 * instances each item runs in exactly one. Every `refreshMs` it looks at what is wanted: it starts
 * the items whose lease it gets, renews the leases of those it runs (stopping any another instance
 * took over), and stops and releases items no longer wanted or changed (their `key` differs).
 */
import { LEASE_RENEW_MS } from './lease-timing';
import type { Leases } from './leases';

export interface LeasedWorkOptions {
  leases: Leases;
  /** The lease's name for an item, e.g. `imap-idle:7`. */
  leaseName: (id: number) => string;
  /** Every item that should run, with a key that changes when it must be restarted. */
  wanted: () => Promise<Map<number, string>>;
  /** Starts an item; returns its stop, which resolves when it has stopped. */
  start: (id: number) => () => Promise<void>;
  refreshMs?: number;
  log?: (line: string) => void;
}

export function createLeasedWork(options: LeasedWorkOptions) {
  const { leases, leaseName, log = console.error } = options;
  const running = new Map<number, { key: string; stop: () => Promise<void> }>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;

  async function end(id: number) {
    const item = running.get(id)!;
    running.delete(id);
    await item.stop();
    await leases.release(leaseName(id));
  }

  async function refresh() {
    const wanted = await options.wanted();
    for (const [id, item] of [...running]) {
      if (wanted.get(id) !== item.key) await end(id);
      else if (!(await leases.renew(leaseName(id)))) {
        log(`${leaseName(id)}: another instance took over its lease; stopping here.`);
        running.delete(id);
        await item.stop();
      }
    }
    for (const [id, key] of wanted) {
      if (stopped || running.has(id) || !(await leases.acquire(leaseName(id)))) continue;
      running.set(id, { key, stop: options.start(id) });
    }
  }

  return {
    refresh,
    async start() {
      stopped = false;
      await refresh();
      timer = setInterval(() => void refresh().catch((error) => log(`Leased work: ${String(error)}`)), options.refreshMs ?? LEASE_RENEW_MS);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all([...running.keys()].map(end));
    },
  };
}
