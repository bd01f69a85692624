/**
 * Leases: long-running work that must run in one instance at a time (an IMAP
 * watcher per source) is held through a `lease` row: its owner and when it expires. Taking one is
 * one statement on SQLite, an insert that on conflict takes over only an expired lease or one of our
 * own; on PostgreSQL the row is taken `FOR UPDATE SKIP LOCKED` (below). Two instances never hold it
 * at once on either engine. The holder renews it every
 * `LEASE_RENEW_MS`; a dead instance's lease expires after `LEASE_SECONDS`, and another instance
 * takes the work over at its next look. Scheduled jobs hold the same kind of lease in their
 * `jobRun` row (runner.ts); a new scheduled job needs only `defineJob` in the runner's list.
 */
import { type Clock, epochSeconds } from '../clock';
import { type DB, engineOf } from '../db/database';
import { ownerIsGone } from './instance';

export const LEASE_SECONDS = 30;
export const LEASE_RENEW_MS = 10_000;

/** Takes `name` when it is free, expired or already ours; answers whether we hold it now. */
export async function acquireLease(db: DB, name: string, owner: string, now: number, seconds = LEASE_SECONDS): Promise<boolean> {
  if (engineOf(db) === 'postgres') return acquireLeaseSkipLocked(db, name, owner, now, seconds);
  const row = await db
    .insertInto('lease')
    .values({ name, owner, expiresAt: now + seconds })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ owner, expiresAt: now + seconds })
        .where((eb) => eb.or([eb('lease.expiresAt', '<=', now), eb('lease.owner', '=', owner)])),
    )
    .returning('owner')
    .executeTakeFirst();
  return row?.owner === owner;
}

/**
 * PostgreSQL: the lease row is taken `FOR UPDATE SKIP LOCKED`, so an instance
 * asking while another is taking or renewing it moves on at once instead of queueing behind that
 * row lock (an upsert would wait); a lease nobody has yet is inserted, and of two inserting at
 * once only one row lands.
 */
async function acquireLeaseSkipLocked(db: DB, name: string, owner: string, now: number, seconds: number): Promise<boolean> {
  const taken = await db
    .updateTable('lease')
    .set({ owner, expiresAt: now + seconds })
    .where('name', 'in', (eb) =>
      eb
        .selectFrom('lease as l')
        .select('l.name')
        .where('l.name', '=', name)
        .where((w) => w.or([w('l.expiresAt', '<=', now), w('l.owner', '=', owner)]))
        .forUpdate()
        .skipLocked(),
    )
    .returning('owner')
    .executeTakeFirst();
  if (taken) return true;
  const inserted = await db
    .insertInto('lease')
    .values({ name, owner, expiresAt: now + seconds })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('owner')
    .executeTakeFirst();
  return inserted?.owner === owner;
}

/** Pushes our lease's expiry forward; false when another instance took it over meanwhile. */
export async function renewLease(db: DB, name: string, owner: string, now: number, seconds = LEASE_SECONDS): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('lease')
    .set({ expiresAt: now + seconds })
    .where('name', '=', name)
    .where('owner', '=', owner)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

export async function releaseLease(db: DB, name: string, owner: string): Promise<void> {
  await db.deleteFrom('lease').where('name', '=', name).where('owner', '=', owner).execute();
}

/**
 * Ends the leases of instances that are gone, at start: of a dead process on this host, or, when
 * this instance is the only one there can be (SQLite, `exclusive`), of anyone else.
 */
export async function releaseGoneLeases(db: DB, me: string, exclusive: boolean): Promise<void> {
  const rows = await db.selectFrom('lease').select(['name', 'owner']).execute();
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
