/**
 * The history of alarms (DESIGN.md §9 "History"): one row per change, written by the caller inside
 * the transaction of the change, gone with the alarm (ON DELETE CASCADE).
 */
import type { Actor, HistoryEvent, HistoryItem } from '@/domain/alarm-lifecycle';
import { isoFromSeconds } from '../../clock';
import type { DB } from '../../db/database';

export interface HistoryEntry {
  alarmId: number;
  event: HistoryEvent;
  details?: Record<string, unknown>;
}

export async function recordHistory(db: DB, at: number, actor: Actor, entries: HistoryEntry[]) {
  if (entries.length === 0) return;
  // SQLite allows 32,766 variables a statement: 8 columns a row, so chunks of 1,000 rows.
  for (let i = 0; i < entries.length; i += 1000) {
    await db
      .insertInto('alarmHistory')
      .values(
        entries.slice(i, i + 1000).map((e) => ({
          alarmId: e.alarmId,
          at,
          actorType: actor.type,
          actorId: actor.id ?? null,
          actorName: actor.name,
          event: e.event,
          details: JSON.stringify(e.details ?? {}),
        })),
      )
      .execute();
  }
}

/** One alarm's history, oldest first (index alarmHistory_alarm). */
export async function historyOf(db: DB, alarmId: number): Promise<HistoryItem[]> {
  const rows = await db.selectFrom('alarmHistory').selectAll().where('alarmId', '=', alarmId).orderBy('id').execute();
  return rows.map((r) => ({
    at: isoFromSeconds(r.at)!,
    actor: { type: r.actorType, ...(r.actorId === null ? {} : { id: r.actorId }), name: r.actorName },
    event: r.event,
    details: JSON.parse(r.details) as Record<string, unknown>,
  }));
}
