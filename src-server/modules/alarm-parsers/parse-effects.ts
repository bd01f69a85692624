/**
 * What a MATCHED parse does in the pipeline's transaction (DESIGN.md §9): raise (or group into) an
 * alarm, resolve the open alarms of a recovery's key, or renew a heartbeat and end its silence.
 * Answers what the attempt records beyond MATCHED and the live events to publish after the commit.
 */
import type { Actor } from '@/domain/alarm-lifecycle';
import type { DB } from '../../db/database';
import type { AlarmEvent } from '../../events/event-bus';
import { type EmailForParsing, linkEmailToAlarm, resolvedBefore } from '../alarm-emails/alarm-emails.queries';
import { alarmExists } from '../alarms/alarms.queries';
import { raiseParsedAlarm } from '../alarms/alarms.service';
import { type Raise, resolveKeys } from '../alarms/lifecycle';
import { endSilence } from '../alarms/silence';
import { heartbeatAlarmKey, renewHeartbeat } from './heartbeats.queries';

export type Effect = { alarm: Omit<Raise, 'alarmEmailId'> } | { resolve: string } | { heartbeat: { parserId: number; key: string } };
type Applied = { record: { resolved?: number; heartbeatKey?: string }; events: AlarmEvent[] };

/**
 * An e-mail whose alarm still exists (a re-parse) leaves the alarm as people left it: one e-mail
 * never makes a second alarm or occurrence. Likewise a recovery acts once: re-parsed, it does not
 * resolve alarms raised since. A recovery whose key rendered empty resolves nothing.
 */
export async function applyEffect(trx: DB, at: number, actor: Actor, email: EmailForParsing, effect: Effect): Promise<Applied> {
  if ('resolve' in effect) {
    if (!effect.resolve || (await resolvedBefore(trx, email.id))) return { record: { resolved: 0 }, events: [] };
    const { resolved, events } = await resolveKeys(trx, at, actor, email.dashboardId, [effect.resolve], { by: 'RECOVERY', alarmEmailId: email.id });
    return { record: { resolved }, events };
  }
  if ('heartbeat' in effect) {
    const { parserId, key } = effect.heartbeat;
    const renewed = await renewHeartbeat(trx, { parserId, key, dashboardId: email.dashboardId, seenAt: email.receivedAt });
    const ended = renewed ? await endSilence(trx, at, actor, email.dashboardId, heartbeatAlarmKey(parserId, key), email.id) : { events: [] };
    return { record: { heartbeatKey: key }, events: ended.events };
  }
  if (email.alarmId !== null && (await alarmExists(trx, email.alarmId))) return { record: {}, events: [] };
  const raised = await raiseParsedAlarm(trx, at, actor, email.dashboardId, { ...effect.alarm, alarmEmailId: email.id, subject: email.subject });
  await linkEmailToAlarm(trx, email.id, raised.alarmId);
  return { record: {}, events: raised.events };
}
