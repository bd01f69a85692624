/**
 * The notification list, manual retry and a rule's test. A test sends now, past the
 * job, about a made-up alarm (id 0) so a receiver or mailbox can be checked before a real alarm.
 */
import type { ListQuery } from '@/domain/paging';
import { type Notification, type NotificationStatus, maskedWebhookUrl } from '@/domain/notification';
import { epochSeconds, isoFromSeconds } from '../../platform/clock';
import { pageCount, pageWindow } from '../../platform/db/listing';
import { AppError } from '../../platform/errors';
import { testAlarm } from './alarm-message';
import { type DeliveryDeps, send } from './delivery';
import type { NotificationRow, NotificationRuleRow } from './notifications.table';
import * as q from './notifications.queries';

export const NOTIFICATION_ABSENT = 'Deze melding bestaat niet.';

export async function listNotifications(deps: Pick<DeliveryDeps, 'db'>, dashboardId: number, status: NotificationStatus | undefined, list: ListQuery) {
  const base = q.notificationsOfDashboard(deps.db, dashboardId, status);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('notification')
    .select(['notificationRule.name as ruleName', 'alarm.line as alarmLine'])
    .orderBy('notification.id', 'desc')
    .limit(pageWindow(list).limit)
    .offset(pageWindow(list).offset)
    .execute();
  const notifications: Notification[] = rows.map((r) => ({
    id: r.id,
    ruleId: r.ruleId,
    ruleName: r.ruleName,
    alarmId: r.alarmId,
    alarmLine: r.alarmLine,
    event: r.event,
    channel: r.channel,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: isoFromSeconds(r.createdAt)!,
    sentAt: isoFromSeconds(r.sentAt),
  }));
  return { notifications, totalNumberOfPages: pageCount(total, list) };
}

/** Makes a notification due now; the job is woken by the caller. A sent one stays sent. */
export async function retry(deps: Pick<DeliveryDeps, 'db' | 'clock'>, row: NotificationRow) {
  if (row.status === 'SENT') throw new AppError('CONFLICT', 'Deze melding is al verstuurd.');
  await q.retryNotification(deps.db, row.id, epochSeconds(deps.clock));
}

export async function testRule(deps: DeliveryDeps, rule: NotificationRuleRow, dashboardName: string) {
  const now = epochSeconds(deps.clock);
  const alarm = testAlarm(now, `Testmelding van regel "${rule.name}"`, { id: rule.dashboardId, name: dashboardName });
  const attempt = await send(deps, rule, 'created', alarm, `test-${rule.id}-${now}`, false);
  if (!attempt.ok) return { ok: false, message: `Testmelding mislukt: ${attempt.error}` };
  return { ok: true, message: `Testmelding verstuurd naar ${rule.channelType === 'WEBHOOK' ? maskedWebhookUrl(attempt.target) : attempt.target}.` };
}
