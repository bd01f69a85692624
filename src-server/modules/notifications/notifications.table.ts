import type { Generated, Selectable } from 'kysely';
import type { NotificationChannel, NotificationStatus, NotifyEvent } from '@/domain/notification';

/** A rule of a dashboard: which alarms and events notify whom, by e-mail or webhook. */
export interface NotificationRuleTable {
  id: Generated<number>;
  dashboardId: number;
  name: string;
  enabled: number;
  /** JSON array of priorities. */
  priorities: string;
  /** JSON array of events. */
  events: string;
  unacknowledgedMinutes: number | null;
  channelType: 'EMAIL' | 'WEBHOOK' | 'ESCALATION' | 'TEAMS' | 'SLACK';
  /** EMAIL: JSON `"ASSIGNABLE"` or an address array; WEBHOOK: the URL; ESCALATION: the policy's id; TEAMS, SLACK: the URL masked. */
  target: string;
  /** The webhook secret; for TEAMS and SLACK the whole URL; sealed with the secret box. */
  secret: string | null;
  createdAt: number;
}
export type NotificationRuleRow = Selectable<NotificationRuleTable>;

/** One notification of one rule for one alarm and event; its id is the webhook's delivery id. */
export interface NotificationTable {
  id: Generated<number>;
  /** null for a rule's test, which has no row; kept non-null by every real notification. */
  ruleId: number | null;
  dashboardId: number;
  alarmId: number;
  event: NotifyEvent;
  channel: NotificationChannel;
  status: NotificationStatus;
  attempts: Generated<number>;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
  /** When the next attempt is due; while an attempt runs, when it counts as crashed (a lease). */
  nextAttemptAt: number | null;
  /** A notification to one person (an escalation step): who, on which contact method (0: their account's address), at which step. */
  userId: number | null;
  contactMethodId: number | null;
  step: number | null;
  /** Tells apart one rule's notifications of one alarm and event to different people and steps; '' for the rule's own. */
  recipient: Generated<string>;
  /** A mail to each of the dashboard's users: the ids it reached so far (JSON), so a retry mails only the others. */
  reached: string | null;
}
export type NotificationRow = Selectable<NotificationTable>;

/** How far the history has been turned into notifications. */
export interface NotificationCursorTable {
  name: string;
  lastHistoryId: number;
}

/**
 * PostgreSQL: a history id the cursor passed while it was missing (a transaction that took it had
 * not committed yet); looked at again until it appears or `seenAt` is long enough ago.
 */
export interface NotificationHistoryGapTable {
  historyId: number;
  seenAt: number;
}

/** The Message-ID of an alarm's first notification mail: later mails reply to it. */
export interface AlarmMailThreadTable {
  alarmId: number;
  messageId: string;
}

declare module '../../platform/db/schema' {
  interface Database {
    alarmMailThread: AlarmMailThreadTable;
    notificationCursor: NotificationCursorTable;
    notificationHistoryGap: NotificationHistoryGapTable;
    notificationRule: NotificationRuleTable;
    notification: NotificationTable;
  }
}
