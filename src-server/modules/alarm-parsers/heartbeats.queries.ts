/** Signs of life per parser and key: renewed by the pipeline, read by the silence job. */
import type { DB } from '../../platform/db/database';

/** The key of the alarm a silent heartbeat raises. */
export const heartbeatAlarmKey = (parserId: number, key: string) => `heartbeat:${parserId}:${key}`;

/**
 * A sign of life seen at `seenAt` (when its e-mail arrived); answers whether it is newer than the
 * last one kept. An older one (a re-parse of old mail) changes nothing.
 */
export async function renewHeartbeat(db: DB, beat: { parserId: number; key: string; dashboardId: number; seenAt: number }) {
  const last = await db.selectFrom('heartbeat').select('lastSeenAt').where('parserId', '=', beat.parserId).where('key', '=', beat.key).executeTakeFirst();
  if (last && last.lastSeenAt >= beat.seenAt) return false;
  await db
    .insertInto('heartbeat')
    .values({ parserId: beat.parserId, key: beat.key, dashboardId: beat.dashboardId, lastSeenAt: beat.seenAt, silenceRaisedFor: null })
    .onConflict((oc) => oc.columns(['parserId', 'key']).doUpdateSet({ lastSeenAt: beat.seenAt }))
    .execute();
  return true;
}

/** Heartbeats of enabled DEFAULT parsers whose current silence has not raised yet (the job checks each config's limit). */
export const unraisedHeartbeats = (db: DB) =>
  db
    .selectFrom('heartbeat')
    .innerJoin('alarmParser', 'alarmParser.id', 'heartbeat.parserId')
    .select(['heartbeat.parserId', 'heartbeat.key', 'heartbeat.dashboardId', 'heartbeat.lastSeenAt', 'alarmParser.name', 'alarmParser.configJson'])
    .where('alarmParser.enabled', '=', 1)
    .where('alarmParser.type', '=', 'DEFAULT')
    .where((eb) => eb.or([eb('heartbeat.silenceRaisedFor', 'is', null), eb('heartbeat.silenceRaisedFor', '!=', eb.ref('heartbeat.lastSeenAt'))]))
    .execute();

/** Marks the silence after `lastSeenAt` as raised; false when it already was, or a sign of life came since. */
export async function claimHeartbeatSilence(db: DB, parserId: number, key: string, lastSeenAt: number) {
  const updated = await db
    .updateTable('heartbeat')
    .set({ silenceRaisedFor: lastSeenAt })
    .where('parserId', '=', parserId)
    .where('key', '=', key)
    .where('lastSeenAt', '=', lastSeenAt)
    .where((eb) => eb.or([eb('silenceRaisedFor', 'is', null), eb('silenceRaisedFor', '!=', lastSeenAt)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
