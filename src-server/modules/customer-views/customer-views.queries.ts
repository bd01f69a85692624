/** The monthly mail's record per location and month. */
import type { DB } from '../../platform/db/database';

/** Claim a location's mail of a month; false when it was sent already or another claim is fresh. */
export async function claimMonthlyMail(db: DB, locationId: number, month: string, by: string, now: number, staleBefore: number) {
  await db
    .insertInto('customerMonthlyMail')
    .values({ locationId, month, claimedBy: by, claimedAt: now, sentAt: null, reached: '[]', error: null })
    .onConflict((oc) => oc.columns(['locationId', 'month']).doNothing())
    .execute();
  // A claim left by a failed send or a crashed run is taken over; a sent mail never is.
  const taken = await db
    .updateTable('customerMonthlyMail')
    .set({ claimedBy: by, claimedAt: now, error: null })
    .where('locationId', '=', locationId)
    .where('month', '=', month)
    .where('sentAt', 'is', null)
    .where((eb) => eb.or([eb('claimedBy', '=', by), eb('error', 'is not', null), eb('claimedAt', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

export function markMonthlyMail(db: DB, locationId: number, month: string, outcome: { sentAt: number | null; reached: string; error: string | null }) {
  return db.updateTable('customerMonthlyMail').set(outcome).where('locationId', '=', locationId).where('month', '=', month).execute();
}

export function monthlyMailRecord(db: DB, locationId: number, month: string) {
  return db.selectFrom('customerMonthlyMail').selectAll().where('locationId', '=', locationId).where('month', '=', month).executeTakeFirst();
}
