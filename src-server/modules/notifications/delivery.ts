/**
 * One delivery attempt of a notification: build the webhook or the mail from the
 * alarm as it is now, send it, and record the outcome on the row and in the alarm's history.
 * Retries with backoff for 24 h after the notification was queued on timeouts, connection errors,
 * 408, 429 (its Retry-After honoured) and 5xx; anything else fails at once.
 */
import type { Actor } from '@/domain/alarm-lifecycle';
import { type NotifyEvent, maskedWebhookUrl } from '@/domain/notification';
import { type Clock, epochSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import type { SecretBox } from '../../platform/secrets';
import { dashboardOrganizationId } from '../alarm-dashboards/alarm-dashboards.queries';
import { recordHistory } from '../alarms/history.queries';
import { listAssignableUsers } from '../users/users.queries';
import { type AlarmFacts, mailBodies, mailSubject, webhookBody } from './alarm-message';
import type { Attempt } from './attempt';
import type { Mailer } from './email';
import type { NotificationRow, NotificationRuleRow } from './notifications.table';
import * as q from './notifications.queries';
import { findRule } from './notification-rules.queries';
import { sendWebhook } from './webhook';

export interface DeliveryDeps {
  db: DB;
  clock: Clock;
  secrets: SecretBox;
  mailer: Mailer;
  publicUrl: string;
  allowPrivateTargets: boolean;
}

const NOTIFY_ACTOR: Actor = { type: 'SYSTEM', name: 'Meldingen' };
const RETRY_FOR_SECONDS = 24 * 3600;
const MAX_WAIT_SECONDS = 3600;

/**
 * The first retry is due 20 s after the failure, so the job's 5 s schedule sends it within 30 s
 *; then doubling up to an hour. A Retry-After within that range wins.
 */
const FIRST_RETRY_SECONDS = 20;
const retryDelaySeconds = (attempts: number, retryAfter?: number) =>
  Math.min(MAX_WAIT_SECONDS, retryAfter ?? FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1));

/**
 * Sends what a rule says about an alarm and event; `deliveryId` names the attempt to webhook
 * receivers. A rule's test (`thread: false`) has no stored alarm to thread its mails on.
 */
export async function send(
  deps: DeliveryDeps,
  rule: NotificationRuleRow,
  event: NotifyEvent,
  alarm: AlarmFacts,
  deliveryId: string,
  thread = true,
): Promise<Attempt> {
  if (rule.channelType === 'WEBHOOK') {
    return sendWebhook({
      url: rule.target,
      secret: deps.secrets.open<string>(rule.secret!),
      event,
      deliveryId,
      body: webhookBody(event, deps.clock(), alarm, deps.publicUrl),
      allowPrivateTargets: deps.allowPrivateTargets,
    });
  }
  const target = JSON.parse(rule.target) as 'ASSIGNABLE' | string[];
  const to = target === 'ASSIGNABLE' ? await assignableAddresses(deps.db, rule.dashboardId) : target;
  const messageId = `<notification-${deliveryId}@${new URL(deps.publicUrl).hostname}>`;
  const root = thread ? await q.threadRoot(deps.db, alarm.id, messageId) : null;
  return deps.mailer.send({ to, subject: mailSubject(event, alarm), ...mailBodies(event, alarm, deps.publicUrl), messageId, threadRoot: root });
}

async function assignableAddresses(db: DB, dashboardId: number) {
  const organizationId = await dashboardOrganizationId(db, dashboardId);
  if (organizationId === undefined) return [];
  const { users } = await listAssignableUsers(db, organizationId, { pageNumber: 0, pageSize: 10_000 });
  return users.map((u) => u.email);
}

/** Runs one claimed attempt of `row` to its end; never throws for a receiver's failure. */
export async function deliver(deps: DeliveryDeps, row: NotificationRow): Promise<void> {
  const rule = row.ruleId === null ? undefined : await findRule(deps.db, row.ruleId);
  const alarm = await q.alarmFacts(deps.db, row.alarmId);
  // Rule or alarm deleted meanwhile: the row goes with them (cascade); nothing to send.
  if (!rule || !alarm) return;
  const attempt = await send(deps, rule, row.event, alarm, String(row.id)).catch((error: unknown): Attempt => ({
    ok: false,
    retry: true,
    error: `Onverwachte fout: ${String(error)}`,
  }));
  const now = epochSeconds(deps.clock);
  // A webhook URL's credentials never reach the history.
  const target = rule.channelType === 'WEBHOOK' ? maskedWebhookUrl(rule.target) : attempt.ok ? attempt.target : rule.target;
  await deps.db.transaction().execute(async (trx) => {
    if (attempt.ok) {
      await q.finishNotification(trx, row.id, { status: 'SENT', lastError: null, sentAt: now, nextAttemptAt: null });
      await recordHistory(trx, now, NOTIFY_ACTOR, [
        { alarmId: row.alarmId, event: 'notified', details: { notificationId: row.id, rule: rule.name, event: row.event, channel: rule.channelType, target } },
      ]);
      return;
    }
    const retry = attempt.retry && now < row.createdAt + RETRY_FOR_SECONDS;
    await q.finishNotification(trx, row.id, {
      status: retry ? 'PENDING' : 'FAILED',
      lastError: attempt.error,
      sentAt: null,
      nextAttemptAt: retry ? now + retryDelaySeconds(row.attempts + 1, attempt.retryAfterSeconds) : null,
    });
    await recordHistory(trx, now, NOTIFY_ACTOR, [
      {
        alarmId: row.alarmId,
        event: 'notification-failed',
        details: { notificationId: row.id, rule: rule.name, event: row.event, channel: rule.channelType, target, error: attempt.error, retry },
      },
    ]);
  });
}
