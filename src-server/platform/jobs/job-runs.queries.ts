/**
 * The `jobRun` rows: one per job, holding its lock and the outcome of its last run. Every lock
 * change is one conditional UPDATE, so two processes on one database never hold a job at once.
 * Times are UTC seconds.
 */
import { type DB, engineOf } from '../db/database';

/** Adds a row for every job that has none; existing rows keep their schedule and history. */
export async function ensureJobRuns(db: DB, names: string[], nextRunAt: number): Promise<void> {
  if (names.length === 0) return;
  await db
    .insertInto('jobRun')
    .values(names.map((name) => ({ name, nextRunAt })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export function jobRunsNamed(db: DB, names: string[]) {
  if (names.length === 0) return Promise.resolve([]);
  return db.selectFrom('jobRun').selectAll().where('name', 'in', names).execute();
}

/**
 * Takes the lock when it is free or expired (and, for a scheduled run, the job is due).
 * Returns whether this holder got it.
 */
export async function acquireJobLock(db: DB, name: string, holder: string, now: number, lockSeconds: number, onlyWhenDue: boolean): Promise<boolean> {
  let query = db
    .updateTable('jobRun')
    .set({ lockedBy: holder, lockedUntil: now + lockSeconds, lastStartedAt: now })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', now)]));
  if (onlyWhenDue) query = query.where((eb) => eb.or([eb('nextRunAt', 'is', null), eb('nextRunAt', '<=', now)]));
  // PostgreSQL: a row another instance is locking right now is skipped, not waited for.
  if (engineOf(db) === 'postgres')
    query = query.where('name', 'in', (eb) => eb.selectFrom('jobRun as j').select('j.name').where('j.name', '=', name).forUpdate().skipLocked());
  const { numUpdatedRows } = await query.executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** Pushes the lock's expiry forward; false when this holder no longer holds it. */
export async function extendJobLock(db: DB, name: string, holder: string, lockedUntil: number): Promise<boolean> {
  const { numUpdatedRows } = await db.updateTable('jobRun').set({ lockedUntil }).where('name', '=', name).where('lockedBy', '=', holder).executeTakeFirst();
  return numUpdatedRows > 0n;
}

export type RunOutcome =
  | { ok: true; finishedAt: number; nextRunAt: number; result: string | null }
  | { ok: false; finishedAt: number; nextRunAt: number; error: string; failureCount: number };

/** Records a finished run and releases the lock, only when this holder still holds it. */
export async function finishJobRun(db: DB, name: string, holder: string, outcome: RunOutcome): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('jobRun')
    .set({
      lockedBy: null,
      lockedUntil: null,
      lastFinishedAt: outcome.finishedAt,
      lastOk: outcome.ok ? 1 : 0,
      nextRunAt: outcome.nextRunAt,
      ...(outcome.ok ? { lastError: null, failureCount: 0, lastResult: outcome.result } : { lastError: outcome.error, failureCount: outcome.failureCount }),
    })
    .where('name', '=', name)
    .where('lockedBy', '=', holder)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** Failures in a row so far; read by the lock's holder, the only writer while it holds the lock. */
export async function jobFailureCount(db: DB, name: string): Promise<number> {
  const row = await db.selectFrom('jobRun').select('failureCount').where('name', '=', name).executeTakeFirst();
  return row?.failureCount ?? 0;
}

/** Gives the lock up without recording a run (a run interrupted by shutting down). */
export async function releaseJobLock(db: DB, name: string, holder: string): Promise<void> {
  await db.updateTable('jobRun').set({ lockedBy: null, lockedUntil: null }).where('name', '=', name).where('lockedBy', '=', holder).execute();
}
