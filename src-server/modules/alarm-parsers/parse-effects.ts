/**
 * What a MATCHED parse does in the pipeline's transaction: raise (or group into) an
 * alarm, resolve the open alarms of a recovery's key, or renew a heartbeat and end its silence.
 * Answers what the attempt records beyond MATCHED and the live events to publish after the commit.
 */
import type { Actor } from '@/domain/alarm-lifecycle';
import type { DB } from '../../platform/db/database';
import type { AlarmEvent } from '../../platform/events/event-bus';
import { type EmailForParsing, linkEmailsToAlarms, resolvedBefore } from '../alarm-emails/alarm-emails.queries';
import { existingAlarmIds } from '../alarms/alarms.queries';
import { raiseParsedAlarms } from '../alarms/alarms.service';
import { type Raise, resolveKeys } from '../alarms/lifecycle';
import { endSilence } from '../alarms/silence';
import { heartbeatAlarmKey, renewHeartbeat } from './heartbeats.queries';

export type Effect = { alarm: Omit<Raise, 'alarmEmailId'> } | { resolve: string } | { heartbeat: { parserId: number; key: string } };
type Applied = { record: { resolved?: number; heartbeatKey?: string }; events: AlarmEvent[] };

export type Matched = { at: number; actor: Actor; email: EmailForParsing; effect: Effect };

/**
 * What matched parses do, in their order (the transaction's e-mails as they arrived). Alarms of
 * consecutive e-mails are raised together (`raiseParsedAlarms`: one set of statements for all of
 * them); a recovery or a sign of life between them acts after the alarms before it and before the
 * ones after it, so the result is that of applying them one by one.
 */
export async function applyEffects(trx: DB, matched: Matched[]): Promise<Applied[]> {
  const applied: Applied[] = [];
  let alarms: number[] = [];
  const raiseRun = async () => {
    for (const [i, a] of (
      await raiseAlarms(
        trx,
        alarms.map((i) => matched[i]!),
      )
    ).entries())
      applied[alarms[i]!] = a;
    alarms = [];
  };
  for (const [i, m] of matched.entries()) {
    if ('alarm' in m.effect) {
      alarms.push(i);
      continue;
    }
    await raiseRun();
    applied[i] = await applySignal(trx, m.at, m.actor, m.email, m.effect);
  }
  await raiseRun();
  return applied;
}

/**
 * A recovery resolves the open alarms of its key; a sign of life renews its heartbeat and ends its
 * silence. A recovery acts once: re-parsed, it does not resolve alarms raised since. A recovery
 * whose key rendered empty resolves nothing.
 */
async function applySignal(trx: DB, at: number, actor: Actor, email: EmailForParsing, effect: Exclude<Effect, { alarm: unknown }>): Promise<Applied> {
  if ('resolve' in effect) {
    if (!effect.resolve || (await resolvedBefore(trx, email.id))) return { record: { resolved: 0 }, events: [] };
    const { resolved, events } = await resolveKeys(trx, at, actor, email.dashboardId, [effect.resolve], { by: 'RECOVERY', alarmEmailId: email.id });
    return { record: { resolved }, events };
  }
  const { parserId, key } = effect.heartbeat;
  const renewed = await renewHeartbeat(trx, { parserId, key, dashboardId: email.dashboardId, seenAt: email.receivedAt });
  const ended = renewed ? await endSilence(trx, at, actor, email.dashboardId, heartbeatAlarmKey(parserId, key), email.id) : { events: [] };
  return { record: { heartbeatKey: key }, events: ended.events };
}

/**
 * Alarm matches: an e-mail whose alarm still exists (a re-parse) leaves the alarm as people left
 * it (one e-mail never makes a second alarm or occurrence); the others raise or group, and each
 * e-mail is linked to its alarm.
 */
async function raiseAlarms(trx: DB, matched: Matched[]): Promise<Applied[]> {
  if (matched.length === 0) return [];
  const existing = await existingAlarmIds(
    trx,
    matched.flatMap((m) => m.email.alarmId ?? []),
  );
  const raising = matched.filter((m) => m.email.alarmId === null || !existing.has(m.email.alarmId));
  const raised = await raiseParsedAlarms(
    { db: trx },
    raising.map(({ at, actor, email, effect }) => ({
      at,
      actor,
      dashboardId: email.dashboardId,
      alarm: { ...(effect as { alarm: Omit<Raise, 'alarmEmailId'> }).alarm, alarmEmailId: email.id, subject: email.subject },
    })),
  );
  await linkEmailsToAlarms(
    trx,
    raising.map((m, i) => ({ emailId: m.email.id, alarmId: raised[i]!.alarmId })),
  );
  const byEmail = new Map(raising.map((m, i) => [m.email.id, raised[i]!.events]));
  return matched.map((m) => ({ record: {}, events: byEmail.get(m.email.id) ?? [] }));
}
