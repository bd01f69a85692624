/**
 * Turns alarm changes into notification rows. The alarm history is the event log:
 * a cursor in the database says how far it has been read, so a restart continues where it stopped
 * and the alarms module needs to know nothing of notifications. `created` and `resolved` rows become
 * notifications of the matching enabled rules; the unique (rule, alarm, event) index makes every
 * insert idempotent, so a batch read twice after a crash notifies no one twice.
 *
 * - An alarm resolved by a maintenance window is muted: neither its `created` nor its `resolved`.
 * - `resolved` goes only to rules that announced the alarm (any earlier notification of the rule).
 * - `unacknowledged` and `overdue` are found by looking at open alarms (`escalate`), only for
 *   what is news since the rule was made, so a new rule does not page for last month's alarms
 *   (`overdue`: the deadline passed, the alarm was raised or its deadline was set after it).
 */
import type { Priority } from '@/domain/alarm-dashboard';
import type { NotifyEvent } from '@/domain/notification';
import { type DB, engineOf } from '../../platform/db/database';
import type { EscalationStart } from './people';
import type { NotificationRuleRow } from './notifications.table';
import * as q from './notifications.queries';
import { enabledRules } from './notification-rules.queries';

const BATCH = 1000;
/** How long an id the cursor passed while missing is looked for again (PostgreSQL). */
const GAP_SECONDS = 15 * 60;
/** The most missing ids one read remembers: a jump of the sequence (e.g. after a crash) is not a transaction in flight. */
const MAX_GAPS = 20_000;

interface Rule {
  row: NotificationRuleRow;
  priorities: Priority[];
  events: NotifyEvent[];
}

const parse = (row: NotificationRuleRow): Rule => ({ row, priorities: JSON.parse(row.priorities), events: JSON.parse(row.events) });

const muted = (details: string) => (JSON.parse(details) as { by?: string }).by === 'MAINTENANCE';

type HistoryRow = Awaited<ReturnType<typeof q.historyAfter>>[number];

/**
 * The ids between the cursor and the last row read that are not there (newest first, at most
 * `MAX_GAPS`): on PostgreSQL a transaction still in flight may hold them and commit them later.
 */
function missingIds(after: number, rows: { id: number }[]): number[] {
  const missing: number[] = [];
  for (let i = rows.length - 1; i >= 0 && missing.length < MAX_GAPS; i--) {
    const below = i > 0 ? rows[i - 1]!.id : after;
    for (let id = rows[i]!.id - 1; id > below && missing.length < MAX_GAPS; id--) missing.push(id);
  }
  return missing;
}

/**
 * Reads the history after the cursor; answers how many notifications it queued.
 *
 * On PostgreSQL ids come from a sequence and do not commit in id order: a slow transaction's row
 * can appear below the cursor after a faster one's higher id moved it on. The ids the cursor passes
 * while missing are remembered (`notificationHistoryGap`) and looked at again on every read until
 * they appear, or for `GAP_SECONDS` (a transaction that long has rolled back, or its row was deleted
 * with its alarm). SQLite commits in id order and skips all of this.
 */
export async function notificationsFromHistory(db: DB, now: number, startEscalations: (trx: DB, starts: EscalationStart[]) => Promise<void>): Promise<number> {
  const tracksGaps = engineOf(db) === 'postgres';
  let queued = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const after = await q.historyCursor(trx);
      const rules = (await enabledRules(trx)).map(parse);
      if (rules.length === 0) {
        // No rule can match any of it: the cursor moves past all history in one step instead of reading it.
        const last = await q.lastHistoryId(trx);
        if (last > after) await q.setHistoryCursor(trx, last);
        return true;
      }
      let late: HistoryRow[] = [];
      const fresh = await q.historyAfter(trx, after, BATCH);
      if (tracksGaps) {
        late = await q.historyInGaps(trx, BATCH);
        await q.forgetGaps(
          trx,
          late.map((r) => r.id),
          now - GAP_SECONDS,
        );
        await q.rememberGaps(trx, missingIds(after, fresh), now);
      }
      const rows = [...late, ...fresh];
      if (rows.length === 0) return true;
      queued += await queue(trx, rules, rows, now, startEscalations);
      if (fresh.length > 0) await q.setHistoryCursor(trx, fresh.at(-1)!.id);
      return fresh.length < BATCH && late.length < BATCH;
    });
    if (done) return queued;
  }
}

/** Turns history rows into the notifications of the rules they match; answers how many. */
async function queue(trx: DB, rules: Rule[], rows: HistoryRow[], now: number, startEscalations: (trx: DB, starts: EscalationStart[]) => Promise<void>) {
  let queued = 0;
  for (const rule of rules) {
    const mine = rows.filter((r) => r.dashboardId === rule.row.dashboardId && rule.priorities.includes(r.priority));
    const created = rule.events.includes('created') ? mine.filter((r) => r.event === 'created' && r.resolutionBy !== 'MAINTENANCE') : [];
    if (rule.row.channelType === 'ESCALATION') {
      // An escalation walks its policy's steps itself; it is started here, once per rule and alarm.
      const policyId = Number(rule.row.target);
      await startEscalations(
        trx,
        created.map((r) => ({ ruleId: rule.row.id, policyId, alarmId: r.alarmId, dashboardId: r.dashboardId, at: r.at })),
      );
      queued += created.length;
      continue;
    }
    const channel = rule.row.channelType;
    const resolving = rule.events.includes('resolved') ? mine.filter((r) => r.event === 'resolved' && !muted(r.details)) : [];
    const announced = await q.announcedAlarmIds(
      trx,
      rule.row.id,
      resolving.map((r) => r.alarmId),
    );
    const values = [...created, ...resolving.filter((r) => announced.has(r.alarmId) || created.some((c) => c.alarmId === r.alarmId))].map((r) => ({
      ruleId: rule.row.id,
      dashboardId: r.dashboardId,
      alarmId: r.alarmId,
      event: r.event as NotifyEvent,
      channel,
      status: 'PENDING' as const,
      createdAt: now,
      nextAttemptAt: now,
    }));
    await q.insertNotifications(trx, values);
    queued += values.length;
  }
  return queued;
}

/** Queues `unacknowledged` and `overdue` notifications for open alarms whose moment has come. */
export async function escalate(db: DB, now: number) {
  for (const rule of (await enabledRules(db)).map(parse)) {
    if (rule.row.channelType === 'ESCALATION') continue;
    const e = {
      ruleId: rule.row.id,
      dashboardId: rule.row.dashboardId,
      channel: rule.row.channelType,
      priorities: rule.priorities,
      now,
      since: rule.row.createdAt,
    };
    if (rule.events.includes('unacknowledged') && rule.row.unacknowledgedMinutes) await q.insertUnacknowledged(db, e, rule.row.unacknowledgedMinutes);
    if (rule.events.includes('overdue')) await q.insertOverdue(db, e);
  }
}
