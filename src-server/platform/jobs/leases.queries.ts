/**
 * The `lease` table's statements. Taking a lease is one statement on SQLite, an insert that on
 * conflict takes over only an expired lease or one of our own; on PostgreSQL the row is taken
 * `FOR UPDATE SKIP LOCKED`. Two instances never hold it at once on either engine.
 */
import { type DB, engineOf } from '../db/database';
import { LEASE_SECONDS } from './lease-timing';

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

/** Every lease held, by name and owner. */
export const allLeases = (db: DB) => db.selectFrom('lease').select(['name', 'owner']).execute();
