/**
 * Notification rules: create, list, change and delete; the webhook secret is
 * sealed with the secret box and never answered (`secret: null`), an update without it keeps it.
 * Credentials in a webhook URL are shown masked (`https://user:***@host/…`) like a secret; an
 * update that sends the masked URL back keeps them, as long as it points at the same origin.
 */
import {
  CREDENTIAL_MASK,
  type CreateRule,
  ESCALATION_EVENTS_MESSAGE,
  MINUTES_MESSAGE,
  type NotificationRule,
  type NotifyEvent,
  type RuleChannel,
  type UpdateRule,
  escalationOnCreated,
  maskedSecretUrl,
  maskedWebhookUrl,
  minutesWithEvent,
} from '@/domain/notification';
import type { Priority } from '@/domain/alarm-dashboard';
import { type Clock, epochSeconds, isoFromSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { invalidField } from '../../platform/errors';
import type { SecretBox } from '../../platform/secrets';
import type { People } from './people';
import type { NotificationRuleRow } from './notifications.table';
import * as q from './notification-rules.queries';

export const RULE_ABSENT = 'Deze meldingsregel bestaat niet.';

export interface RuleDeps {
  db: DB;
  clock: Clock;
  secrets: SecretBox;
  notify: { people: Pick<People, 'policyDashboard'> };
}

function channelOf(r: NotificationRuleRow, masked: boolean): RuleChannel {
  if (r.channelType === 'EMAIL') return { type: 'EMAIL', to: JSON.parse(r.target) as 'ASSIGNABLE' | string[] };
  if (r.channelType === 'ESCALATION') return { type: 'ESCALATION', policyId: Number(r.target) };
  // `target` is already the masked URL; sent back in an update it keeps the sealed one.
  if (r.channelType === 'TEAMS' || r.channelType === 'SLACK') return { type: r.channelType, url: r.target };
  return { type: 'WEBHOOK', url: masked ? maskedWebhookUrl(r.target) : r.target, secret: null };
}

/** A rule as stored (`masked`: false, for merging an update) or as answered (credentials masked). */
function toRule(r: NotificationRuleRow, masked = true): NotificationRule {
  const channel = channelOf(r, masked);
  return {
    id: r.id,
    dashboardId: r.dashboardId,
    name: r.name,
    enabled: r.enabled === 1,
    priorities: JSON.parse(r.priorities) as Priority[],
    events: JSON.parse(r.events) as NotifyEvent[],
    unacknowledgedMinutes: r.unacknowledgedMinutes,
    channel,
    createdAt: isoFromSeconds(r.createdAt)!,
  };
}

/** A whole rule as it is to be stored; a webhook without `secret` keeps the stored one. */
type Fields = Omit<CreateRule, 'dashboardId' | 'channel'> & {
  channel: CreateRule['channel'] | { type: 'WEBHOOK'; url: string; secret?: string | null };
};

/** An ESCALATION rule names a policy of its own dashboard; another dashboard's is unknown here. */
async function checkPolicy(deps: RuleDeps, dashboardId: number, channel: Fields['channel']) {
  if (channel.type !== 'ESCALATION') return;
  if ((await deps.notify.people.policyDashboard(deps.db, channel.policyId)) !== dashboardId)
    throw invalidField('channel.policyId', 'Deze escalatie bestaat niet op dit dashboard.');
}

const MASKED_ELSEWHERE = 'Het wachtwoord in deze URL is verborgen (***) en hoort bij een ander adres; geef het wachtwoord opnieuw op.';

/**
 * The URL to store: one whose credential reads `***` takes the stored rule's, provided scheme, host,
 * port and user name are the same (else the stored password would go to a host of the sender's choosing).
 */
function withStoredCredentials(url: string, stored?: NotificationRuleRow): string {
  if (!URL.canParse(url)) return url;
  const sent = new URL(url);
  const maskedPassword = sent.password === CREDENTIAL_MASK;
  const maskedUser = !sent.password && sent.username === CREDENTIAL_MASK;
  if (!maskedPassword && !maskedUser) return url;
  const before = stored?.channelType === 'WEBHOOK' && URL.canParse(stored.target) ? new URL(stored.target) : undefined;
  if (before && before.origin === sent.origin) {
    if (maskedPassword && before.password && before.username === sent.username) {
      sent.password = before.password;
      return sent.href;
    }
    if (maskedUser && !before.password && before.username) {
      sent.username = before.username;
      return sent.href;
    }
  }
  throw invalidField('channel.url', MASKED_ELSEWHERE);
}

/**
 * A Teams or Slack URL: the whole URL sealed, its masked form in `target`. The masked form sent back
 * (as answers show it) keeps the stored URL of the same channel type.
 */
function secretUrlColumns(deps: RuleDeps, channel: { type: 'TEAMS' | 'SLACK'; url: string }, stored?: NotificationRuleRow) {
  if (stored?.channelType === channel.type && stored.secret && channel.url === stored.target) return { target: stored.target, secret: stored.secret };
  if (channel.url.includes(CREDENTIAL_MASK)) throw invalidField('channel.url', 'Deze URL is verborgen (***); plak de volledige webhook-URL opnieuw.');
  return { target: maskedSecretUrl(channel.url), secret: deps.secrets.seal(channel.url) };
}

function columns(deps: RuleDeps, input: Fields, stored?: NotificationRuleRow) {
  const { channel } = input;
  const base = {
    name: input.name,
    enabled: input.enabled ? 1 : 0,
    priorities: JSON.stringify([...new Set(input.priorities)]),
    events: JSON.stringify([...new Set(input.events)]),
    unacknowledgedMinutes: input.unacknowledgedMinutes ?? null,
    channelType: channel.type,
  };
  if (channel.type === 'TEAMS' || channel.type === 'SLACK') return { ...base, ...secretUrlColumns(deps, channel, stored) };
  let secret: string | null = null;
  if (channel.type === 'WEBHOOK') {
    if (channel.secret != null) secret = deps.secrets.seal(channel.secret);
    else if (stored?.channelType === 'WEBHOOK' && stored.secret) secret = stored.secret;
    else throw invalidField('channel.secret', 'Geef een geheim op voor de webhook.');
  }
  return {
    ...base,
    target:
      channel.type === 'EMAIL'
        ? JSON.stringify(channel.to)
        : channel.type === 'ESCALATION'
          ? String(channel.policyId)
          : withStoredCredentials(channel.url, stored),
    secret,
  };
}

export async function listRules({ db }: Pick<RuleDeps, 'db'>, dashboardId: number) {
  return (await q.rulesOfDashboard(db, dashboardId)).map((r) => toRule(r));
}

export async function createRule(deps: RuleDeps, input: CreateRule) {
  await checkPolicy(deps, input.dashboardId, input.channel);
  const { id } = await q.insertRule(deps.db, { ...columns(deps, input), dashboardId: input.dashboardId, createdAt: epochSeconds(deps.clock) });
  return toRule((await q.findRule(deps.db, id))!);
}

/** A PATCH: the fields it leaves out keep their stored values; the rule that results is checked as a new one is. */
export async function updateRule(deps: RuleDeps, rule: NotificationRuleRow, input: UpdateRule) {
  const stored = toRule(rule, false);
  const merged: Fields = {
    name: input.name ?? stored.name,
    enabled: input.enabled ?? stored.enabled,
    priorities: input.priorities ?? stored.priorities,
    events: input.events ?? stored.events,
    unacknowledgedMinutes: input.unacknowledgedMinutes === undefined ? stored.unacknowledgedMinutes : input.unacknowledgedMinutes,
    channel: input.channel ?? stored.channel,
  };
  if (!minutesWithEvent(merged)) throw invalidField('unacknowledgedMinutes', MINUTES_MESSAGE);
  if (!escalationOnCreated(merged)) throw invalidField('events', ESCALATION_EVENTS_MESSAGE);
  await checkPolicy(deps, rule.dashboardId, merged.channel);
  await q.updateRule(deps.db, rule.id, columns(deps, merged, rule));
  return toRule((await q.findRule(deps.db, rule.id))!);
}

export const deleteRule = ({ db }: Pick<RuleDeps, 'db'>, rule: NotificationRuleRow) => q.deleteRule(db, rule.id);
