/**
 * Leases: long-running work that must run in one instance at a time (an IMAP
 * watcher per source) is held through a `lease` row: its owner and when it expires. Taking one is
 * one statement on SQLite, an insert that on conflict takes over only an expired lease or one of our
 * own; on PostgreSQL the row is taken `FOR UPDATE SKIP LOCKED` (leases.queries.ts). Two instances
 * never hold it at once on either engine. The holder renews it every
 * `LEASE_RENEW_MS`; a dead instance's lease expires after `LEASE_SECONDS`, and another instance
 * takes the work over at its next look. Scheduled jobs hold the same kind of lease in their
 * `jobRun` row (runner.ts); a new scheduled job needs only `defineJob` in the runner's list.
 */
import { type Clock, epochSeconds } from '../clock';
import type { DB } from '../db/database';
import { ownerIsGone } from './instance';
import { acquireLease, allLeases, releaseLease, renewLease } from './leases.queries';

/**
 * Ends the leases of instances that are gone, at start: of a dead process on this host, or, when
 * this instance is the only one there can be (SQLite, `exclusive`), of anyone else.
 */
export async function releaseGoneLeases(db: DB, me: string, exclusive: boolean): Promise<void> {
  const rows = await allLeases(db);
  for (const row of rows) if (row.owner !== me && (exclusive || ownerIsGone(row.owner, me))) await releaseLease(db, row.name, row.owner);
}

/** This instance's side of the leases: what it holds, bound to its owner id and the clock. */
export function createLeases(deps: { db: DB; clock: Clock; owner: string }) {
  const { db, clock, owner } = deps;
  const held = new Set<string>();
  return {
    owner,
    async acquire(name: string): Promise<boolean> {
      const got = await acquireLease(db, name, owner, epochSeconds(clock));
      if (got) held.add(name);
      return got;
    },
    async renew(name: string): Promise<boolean> {
      const kept = await renewLease(db, name, owner, epochSeconds(clock));
      if (!kept) held.delete(name);
      return kept;
    },
    async release(name: string): Promise<void> {
      held.delete(name);
      await releaseLease(db, name, owner);
    },
    /** Names of the leases this instance holds now, sorted. */
    held: () => [...held].sort(),
  };
}
export type Leases = ReturnType<typeof createLeases>;
