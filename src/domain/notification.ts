/**
 * Notification rules and their deliveries: one schema per shape, used
 * by the form, the tRPC input and the REST body.
 *
 * Decisions made here:
 * - A webhook's `secret` is write-only like a source password: answers carry `secret: null`, and
 *   an update without it, or with `null`, keeps the stored one (a rule read back is accepted as is).
 * - A Teams or Slack webhook URL is itself the secret (Slack's path, Teams' `sig=`): answers show it
 *   masked (`https://hooks.slack.com/services/***`), and an update that sends the masked form back
 *   keeps the stored URL.
 * - `unacknowledgedMinutes` is required with the `unacknowledged` event; without it they are stored
 *   and unused (a later PATCH that adds the event finds them).
 */
import * as v from 'valibot';
import { PRIORITIES, prioritySchema } from './alarm-dashboard';
import { CONTACT_METHOD_TYPES } from './contact-method';
import { idSchema } from './common';
import { pageSizeFields } from './paging';

export const NOTIFY_EVENTS = ['created', 'resolved', 'unacknowledged', 'overdue'] as const;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];
export const notifyEventLabels: Record<NotifyEvent, string> = {
  created: 'Nieuw alarm',
  resolved: 'Opgelost',
  unacknowledged: 'Niet bevestigd na … minuten',
  overdue: 'Deadline verstreken',
};

export const NOTIFICATION_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

const RULE_NAME_MAX = 128;
const EMAIL_TARGETS_MAX = 20;
const WEBHOOK_SECRET_MIN = 16;
/**
 * How a delivery went out, as a person reads it in an alarm's history: "Melding verstuurd per
 * e-mail aan Piet". Keys are the rule channels and contact method types; an unknown one reads as itself.
 */
/** What a notification row went out on: a rule's channel, or for one person a contact method's type. */
const NOTIFICATION_CHANNELS = ['WEBHOOK', 'TEAMS', 'SLACK', ...CONTACT_METHOD_TYPES] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
const channelPhrases: Record<NotificationChannel, string> = {
  EMAIL: 'per e-mail',
  WEBHOOK: 'per webhook',
  WEB_PUSH: 'per pushmelding',
  NTFY: 'via ntfy',
  TELEGRAM: 'via Telegram',
  TEAMS: 'via Teams',
  SLACK: 'via Slack',
};
export const channelPhrase = (channel: string) => channelPhrases[channel as NotificationChannel] ?? `via ${channel}`;

export const NO_SMTP = 'Geen SMTP-server ingesteld.';

const address = v.pipe(v.string(), v.trim(), v.email('Elk adres moet een geldig e-mailadres zijn.'));
const emailChannel = v.object({
  type: v.literal('EMAIL'),
  to: v.union(
    [
      v.literal('ASSIGNABLE'),
      v.pipe(
        v.array(address),
        v.minLength(1, 'Geef minstens één e-mailadres op.'),
        v.maxLength(EMAIL_TARGETS_MAX, `Geef hoogstens ${EMAIL_TARGETS_MAX} e-mailadressen op.`),
      ),
    ],
    'Kies de gebruikers van het dashboard of geef e-mailadressen op.',
  ),
});
const webhookUrl = v.pipe(
  v.string(),
  v.trim(),
  v.url('De URL is ongeldig.'),
  v.regex(/^https?:\/\//i, 'De URL moet met http:// of https:// beginnen.'),
  v.maxLength(2048, 'De URL is te lang.'),
);
const secret = v.pipe(
  v.string(),
  v.minLength(WEBHOOK_SECRET_MIN, `Het geheim moet minstens ${WEBHOOK_SECRET_MIN} tekens lang zijn.`),
  v.maxLength(256, 'Het geheim is te lang.'),
);
const webhookChannel = v.object({ type: v.literal('WEBHOOK'), url: webhookUrl, secret });
/** Teams (a Workflows webhook) and Slack (an incoming webhook): the URL alone admits the sender. */
const teamsChannel = v.object({ type: v.literal('TEAMS'), url: webhookUrl });
const slackChannel = v.object({ type: v.literal('SLACK'), url: webhookUrl });
/** An escalation policy of the same dashboard walks its steps for each new alarm. */
const escalationChannel = v.object({ type: v.literal('ESCALATION'), policyId: idSchema });
/** A webhook in an update: without `secret`, or with `null` (as answers say it), the stored one stays. */
const webhookChannelUpdate = v.object({ type: v.literal('WEBHOOK'), url: webhookUrl, secret: v.optional(v.nullable(secret)) });

const ruleFields = {
  name: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Geef de regel een naam.'),
    v.maxLength(RULE_NAME_MAX, `De naam mag hoogstens ${RULE_NAME_MAX} tekens lang zijn.`),
  ),
  priorities: v.pipe(v.array(prioritySchema), v.minLength(1, 'Kies minstens één prioriteit.'), v.maxLength(PRIORITIES.length)),
  events: v.pipe(
    v.array(v.picklist(NOTIFY_EVENTS, 'Onbekende gebeurtenis.')),
    v.minLength(1, 'Kies minstens één gebeurtenis.'),
    v.maxLength(NOTIFY_EVENTS.length),
  ),
  unacknowledgedMinutes: v.optional(
    v.nullable(
      v.pipe(
        v.number(),
        v.integer('Geef een geheel aantal minuten op.'),
        v.minValue(1, 'Minstens 1 minuut.'),
        v.maxValue(1440, 'Hoogstens 1440 minuten (een dag).'),
      ),
    ),
  ),
};

/**
 * `unacknowledged` needs its minutes. Minutes without the event are kept (unused until the event is
 * chosen): they are optional and not refused.
 */
export const minutesWithEvent = (r: { events: NotifyEvent[]; unacknowledgedMinutes?: number | null }) =>
  !r.events.includes('unacknowledged') || r.unacknowledgedMinutes != null;
export const MINUTES_MESSAGE = 'Geef het aantal minuten op bij "niet bevestigd".';

/** An escalation starts when an alarm is raised and stops by itself: its rule fires on `created` only. */
export const escalationOnCreated = (r: { events: NotifyEvent[]; channel?: { type: string } }) =>
  r.channel?.type !== 'ESCALATION' || (r.events.length === 1 && r.events[0] === 'created');
export const ESCALATION_EVENTS_MESSAGE = 'Een escalatie start bij een nieuw alarm: kies alleen "Nieuw alarm".';
const CHANNEL_MESSAGE = 'Kies e-mail, webhook, Teams, Slack of escalatie.';

export const createRuleSchema = v.pipe(
  v.object({
    dashboardId: idSchema,
    ...ruleFields,
    enabled: v.optional(v.boolean(), true),
    channel: v.variant('type', [emailChannel, webhookChannel, teamsChannel, slackChannel, escalationChannel], CHANNEL_MESSAGE),
  }),
  v.forward(
    v.check((r) => minutesWithEvent(r), MINUTES_MESSAGE),
    ['unacknowledgedMinutes'],
  ),
  v.forward(
    v.check((r) => escalationOnCreated(r), ESCALATION_EVENTS_MESSAGE),
    ['events'],
  ),
);
/**
 * A PATCH: any subset of the fields; what is left out keeps its stored value. The rule as it then
 * is must still pass `minutesWithEvent` (checked by the server on the merged rule).
 */
export const updateRuleSchema = v.object({
  ruleId: idSchema,
  name: v.optional(ruleFields.name),
  enabled: v.optional(v.boolean()),
  priorities: v.optional(ruleFields.priorities),
  events: v.optional(ruleFields.events),
  unacknowledgedMinutes: ruleFields.unacknowledgedMinutes,
  channel: v.optional(v.variant('type', [emailChannel, webhookChannelUpdate, teamsChannel, slackChannel, escalationChannel], CHANNEL_MESSAGE)),
});
export type CreateRule = v.InferOutput<typeof createRuleSchema>;
export type UpdateRule = v.InferOutput<typeof updateRuleSchema>;

/** What a masked credential in a webhook URL reads; sent back in an update, it means the stored one. */
export const CREDENTIAL_MASK = '***';

/**
 * A webhook URL fit to show: a password in it reads `***` (`https://user:***@host/…`); a user name
 * without a password is a token too (`https://<token>@host/…`), so it is masked itself.
 */
export function maskedWebhookUrl(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  if (parsed.password) parsed.password = CREDENTIAL_MASK;
  else if (parsed.username) parsed.username = CREDENTIAL_MASK;
  else return url;
  return parsed.href;
}

/**
 * A URL that is a secret as a whole (a Teams or Slack webhook), fit to show: the host and the
 * path's first part, the rest `***` (`https://hooks.slack.com/services/***`).
 */
export function maskedSecretUrl(url: string): string {
  if (!URL.canParse(url)) return CREDENTIAL_MASK;
  const parsed = new URL(url);
  const first = parsed.pathname.split('/').filter(Boolean)[0];
  return `${parsed.origin}/${first ? `${first}/` : ''}${CREDENTIAL_MASK}`;
}

const ruleChannelSchema = v.variant('type', [
  emailChannel,
  v.object({ type: v.literal('WEBHOOK'), url: v.string(), secret: v.null() }),
  v.object({ type: v.literal('TEAMS'), url: v.string() }),
  v.object({ type: v.literal('SLACK'), url: v.string() }),
  v.object({ type: v.literal('ESCALATION'), policyId: v.number() }),
]);
export type RuleChannel = v.InferOutput<typeof ruleChannelSchema>;

export const ruleSchema = v.object({
  id: v.number(),
  dashboardId: v.number(),
  name: v.string(),
  enabled: v.boolean(),
  priorities: v.array(prioritySchema),
  events: v.array(v.picklist(NOTIFY_EVENTS)),
  unacknowledgedMinutes: v.nullable(v.number()),
  channel: ruleChannelSchema,
  createdAt: v.string(),
});
export type NotificationRule = v.InferOutput<typeof ruleSchema>;

export const testAnswerSchema = v.object({ ok: v.boolean(), message: v.string() });

const notificationSchema = v.object({
  id: v.number(),
  ruleId: v.nullable(v.number()),
  ruleName: v.nullable(v.string()),
  alarmId: v.number(),
  alarmLine: v.string(),
  event: v.picklist(NOTIFY_EVENTS),
  channel: v.picklist(NOTIFICATION_CHANNELS),
  status: v.picklist(NOTIFICATION_STATUSES),
  attempts: v.number(),
  lastError: v.nullable(v.string()),
  createdAt: v.string(),
  sentAt: v.nullable(v.string()),
});
export type Notification = v.InferOutput<typeof notificationSchema>;

export const listNotificationsSchema = v.object({
  dashboardId: idSchema,
  page: pageSizeFields.page,
  size: pageSizeFields.size,
  status: v.optional(v.picklist(NOTIFICATION_STATUSES, 'De status moet PENDING, SENT of FAILED zijn.')),
});
export const notificationPageSchema = v.object({ notifications: v.array(notificationSchema), totalNumberOfPages: v.number() });
