/**
 * The history of alarms: one row per change, written by the caller inside
 * the transaction of the change, gone with the alarm (ON DELETE CASCADE).
 */
import type { Actor, HistoryEvent, HistoryItem } from '@/domain/alarm-lifecycle';
import { maskedWebhookUrl } from '@/domain/notification';
import { isoFromSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';

export interface HistoryEntry {
  alarmId: number;
  event: HistoryEvent;
  details?: Record<string, unknown>;
}

export async function recordHistory(db: DB, at: number, actor: Actor, entries: HistoryEntry[]) {
  await recordHistoryRows(
    db,
    entries.map((e) => ({ ...e, at, actor })),
  );
}

/** History rows of several changes (each its own time and actor) in as few statements as SQLite allows, in the given order. */
export async function recordHistoryRows(db: DB, entries: (HistoryEntry & { at: number; actor: Actor })[]) {
  // SQLite allows 32,766 variables a statement: 8 columns a row, so chunks of 1,000 rows.
  for (let i = 0; i < entries.length; i += 1000) {
    await db
      .insertInto('alarmHistory')
      .values(
        entries.slice(i, i + 1000).map((e) => ({
          alarmId: e.alarmId,
          at: e.at,
          actorType: e.actor.type,
          actorId: e.actor.id ?? null,
          actorName: e.actor.name,
          event: e.event,
          details: JSON.stringify(e.actor.via ? { ...e.details, via: e.actor.via } : (e.details ?? {})),
        })),
      )
      .execute();
  }
}

/** One alarm's history, oldest first (index alarmHistory_alarm). */
/** Credentials in a webhook URL never show, in entries written before they were masked too. */
function shownDetails(details: Record<string, unknown>) {
  if (details.channel === 'WEBHOOK' && typeof details.target === 'string') details.target = maskedWebhookUrl(details.target);
  return details;
}

export async function historyOf(db: DB, alarmId: number): Promise<HistoryItem[]> {
  const rows = await db.selectFrom('alarmHistory').selectAll().where('alarmId', '=', alarmId).orderBy('id').execute();
  return rows.map((r) => ({
    at: isoFromSeconds(r.at)!,
    actor: { type: r.actorType, ...(r.actorId === null ? {} : { id: r.actorId }), name: r.actorName },
    event: r.event,
    details: shownDetails(JSON.parse(r.details) as Record<string, unknown>),
  }));
}

/** The name of who last made this kind of change to an alarm (who acknowledged or resolved it); null when nobody did. */
export async function lastActorName(db: DB, alarmId: number, event: HistoryEvent) {
  const row = await db
    .selectFrom('alarmHistory')
    .select('actorName')
    .where('alarmId', '=', alarmId)
    .where('event', '=', event)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.actorName ?? null;
}
