/**
 * Notification rules (DESIGN.md §10): create, list, change and delete; the webhook secret is
 * sealed with the secret box and never answered (`secret: null`), an update without it keeps it.
 */
import type { CreateRule, NotificationRule, NotifyEvent, RuleChannel, UpdateRule } from '@/domain/notifications';
import type { Priority } from '@/domain/alarm-dashboard';
import { type Clock, epochSeconds, isoFromSeconds } from '../../clock';
import type { DB } from '../../db/database';
import { invalidField } from '../../errors';
import type { SecretBox } from '../../secrets';
import type { NotificationRuleRow } from './notifications.table';
import * as q from './rules.queries';

export const RULE_ABSENT = 'Deze meldingsregel bestaat niet.';

export interface RuleDeps {
  db: DB;
  clock: Clock;
  secrets: SecretBox;
}

function toRule(r: NotificationRuleRow): NotificationRule {
  const channel: RuleChannel =
    r.channelType === 'EMAIL' ? { type: 'EMAIL', to: JSON.parse(r.target) as 'ASSIGNABLE' | string[] } : { type: 'WEBHOOK', url: r.target, secret: null };
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

type Fields = Omit<CreateRule, 'dashboardId'> | Omit<UpdateRule, 'ruleId'>;

function columns(deps: RuleDeps, input: Fields, stored?: NotificationRuleRow) {
  const { channel } = input;
  let secret: string | null = null;
  if (channel.type === 'WEBHOOK') {
    if (channel.secret !== undefined) secret = deps.secrets.seal(channel.secret);
    else if (stored?.channelType === 'WEBHOOK' && stored.secret) secret = stored.secret;
    else throw invalidField('channel.secret', 'Geef een geheim op voor de webhook.');
  }
  return {
    name: input.name,
    enabled: input.enabled ? 1 : 0,
    priorities: JSON.stringify([...new Set(input.priorities)]),
    events: JSON.stringify([...new Set(input.events)]),
    unacknowledgedMinutes: input.unacknowledgedMinutes ?? null,
    channelType: channel.type,
    target: channel.type === 'EMAIL' ? JSON.stringify(channel.to) : channel.url,
    secret,
  };
}

export async function listRules(db: DB, dashboardId: number) {
  return (await q.rulesOfDashboard(db, dashboardId)).map(toRule);
}

export async function createRule(deps: RuleDeps, input: CreateRule) {
  const { id } = await q.insertRule(deps.db, { ...columns(deps, input), dashboardId: input.dashboardId, createdAt: epochSeconds(deps.clock) });
  return toRule((await q.findRule(deps.db, id))!);
}

export async function updateRule(deps: RuleDeps, rule: NotificationRuleRow, input: UpdateRule) {
  await q.updateRule(deps.db, rule.id, columns(deps, input, rule));
  return toRule((await q.findRule(deps.db, rule.id))!);
}

export const deleteRule = (db: DB, rule: NotificationRuleRow) => q.deleteRule(db, rule.id);
