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
import { mintActionLinks } from '../alarm-actions/alarm-actions.service';
import { type HistoryEntry, recordHistory } from '../alarms/history.queries';
import { listAssignableUsers } from '../users/users.queries';
import { type AlarmFacts, mailBodies, mailSubject, webhookBody } from './alarm-message';
import type { People, Reached } from './people';
import type { Attempt } from './attempt';
import type { Mailer } from './email';
import type { NotificationRow, NotificationRuleRow } from './notifications.table';
import * as q from './notifications.queries';
import { findRule } from './notification-rules.queries';
import { sendTeamChat } from './team-chats';
import { sendWebhook } from './webhook';
import { traceRow } from './delivery-trace';

/** What sending a message needs, on a rule's channel or on a person's contact method. */
export interface SendDeps {
  db: DB;
  clock: Clock;
  secrets: SecretBox;
  mailer: Mailer;
  publicUrl: string;
  /** Receivers on private addresses (a LAN webhook or ntfy, a test simulator) only when the operator allows them. */
  allowPrivateTargets: boolean;
}

export interface DeliveryDeps extends SendDeps {
  people: People;
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
  reached: ReadonlySet<number> = new Set(),
): Promise<Attempt> {
  if (rule.channelType === 'ESCALATION') {
    return { ok: false, retry: false, error: 'Een escalatie bereikt mensen per stap; test de contactmethoden van de ontvangers.' };
  }
  if (rule.channelType === 'TEAMS' || rule.channelType === 'SLACK') {
    return sendTeamChat(rule.channelType, {
      url: deps.secrets.open<string>(rule.secret!),
      shown: rule.target,
      event,
      alarm,
      publicUrl: deps.publicUrl,
      allowPrivateTargets: deps.allowPrivateTargets,
    });
  }
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
  const messageId = deps.mailer.messageId(`notification-${deliveryId}`);
  const root = thread ? await q.threadRoot(deps.db, alarm.id, messageId) : null;
  const users = target === 'ASSIGNABLE' ? await assignableUsersOf(deps.db, rule.dashboardId) : [];
  if (target === 'ASSIGNABLE' && thread && event !== 'resolved' && alarm.acknowledgedAt === null && users.length > 0) {
    return mailEachUser(deps, users, reached, event, alarm, messageId, root);
  }
  const to = target === 'ASSIGNABLE' ? users.map((u) => u.email) : target;
  return deps.mailer.send({ to, subject: mailSubject(event, alarm), ...mailBodies(event, alarm, deps.publicUrl), messageId, threadRoot: root });
}

async function assignableUsersOf(db: DB, dashboardId: number) {
  const organizationId = await dashboardOrganizationId(db, dashboardId);
  if (organizationId === undefined) return [];
  return (await listAssignableUsers(db, organizationId, { pageNumber: 0, pageSize: 10_000 })).users;
}

/**
 * An unacknowledged alarm's mail to the dashboard's users: one mail per user, each with that
 * user's own action link. Those an earlier attempt reached are skipped, so a retry after one
 * address failed mails only the others; the attempt fails when any mail of it failed.
 */
async function mailEachUser(
  deps: DeliveryDeps,
  users: { id: number; email: string }[],
  reached: ReadonlySet<number>,
  event: NotifyEvent,
  alarm: AlarmFacts,
  messageId: string,
  root: string | null,
): Promise<Attempt> {
  const now = epochSeconds(deps.clock);
  const reachedIds = users.filter((u) => reached.has(u.id)).map((u) => u.id);
  const sent: string[] = [];
  const missed: string[] = [];
  let failure: Attempt | undefined;
  const toMail = users.filter((u) => !reached.has(u.id));
  const links = await mintActionLinks(
    deps,
    now,
    deps.publicUrl,
    toMail.map((u) => ({ alarmId: alarm.id, userId: u.id })),
  );
  for (const [i, user] of toMail.entries()) {
    const link = links[i]!;
    // The first user's mail keeps the notification's Message-ID (the thread's root); the others get their own.
    const id = user === users[0] ? messageId : messageId.replace('@', `-${user.id}@`);
    const attempt = await deps.mailer.send({
      to: [user.email],
      subject: mailSubject(event, alarm),
      ...mailBodies(event, alarm, deps.publicUrl, link),
      messageId: id,
      threadRoot: root,
    });
    if (attempt.ok) {
      sent.push(user.email);
      reachedIds.push(user.id);
    } else {
      missed.push(user.email);
      failure ??= attempt;
    }
  }
  const everReached = new Set(reachedIds);
  const spread = { reachedIds, reached: users.filter((u) => everReached.has(u.id)).map((u) => u.email), missed };
  if (failure && !failure.ok) {
    const already = spread.reached.length ? `; wel bereikt: ${spread.reached.join(', ')}` : '';
    return { ...failure, error: `${failure.error} (niet bereikt: ${missed.join(', ')}${already})`, spread };
  }
  return { ok: true, target: sent.join(', ') || spread.reached.join(', '), messageId, spread };
}

/** An attempt's outcome, waiting to be stored with others in one transaction. */
export interface Outcome {
  row: NotificationRow;
  finish: q.NotificationFinish;
  history: HistoryEntry;
}

/**
 * What a batch of attempts reads once: the rules and alarms of its rows, each read once however
 * many rows share it, and for the rows to one person (an escalation step) their people, methods
 * and action links, read and made together when the first of them is attempted.
 */
export function createFactsCache(deps: Pick<DeliveryDeps, 'db' | 'people'>, batch: readonly NotificationRow[] = []) {
  const rules = new Map<number, Promise<NotificationRuleRow | undefined>>();
  const alarms = new Map<number, Promise<AlarmFacts | undefined>>();
  const alarm = (id: number) => alarms.get(id) ?? alarms.set(id, q.alarmFacts(deps.db, id)).get(id)!;
  const personal = new Set(batch.filter((r) => r.userId !== null));
  let reaching: Promise<Map<number, () => Promise<Reached>>> | undefined;
  const reachBatch = async () => {
    const items = await Promise.all([...personal].map(async (row) => ({ row, alarm: await alarm(row.alarmId) })));
    return deps.people.reachAll(items.flatMap((i) => (i.alarm ? [{ row: i.row, alarm: i.alarm }] : [])));
  };
  return {
    rule: (id: number) => rules.get(id) ?? rules.set(id, findRule(deps.db, id)).get(id)!,
    alarm,
    /** Reaches a row's person about its alarm (read with `alarm`, so the same facts). */
    async reach(row: NotificationRow, facts: AlarmFacts): Promise<Reached> {
      const sends = personal.has(row) ? await (reaching ??= reachBatch()) : await deps.people.reachAll([{ row, alarm: facts }]);
      return sends.get(row.id)!();
    },
  };
}
type FactsCache = ReturnType<typeof createFactsCache>;

/**
 * Runs one claimed attempt of `row` and answers what to store; never throws for a receiver's
 * failure. Undefined when the rule or the alarm was deleted meanwhile (the row went with them).
 */
export async function attemptDelivery(deps: DeliveryDeps, row: NotificationRow, facts: FactsCache = createFactsCache(deps)): Promise<Outcome | undefined> {
  const rule = row.ruleId === null ? undefined : await facts.rule(row.ruleId);
  const alarm = await facts.alarm(row.alarmId);
  if (!rule || !alarm) return undefined;
  traceRow('sending', row);
  const unexpected = (error: unknown): Attempt => ({ ok: false, retry: true, error: `Onverwachte fout: ${String(error)}` });
  // A notification to one person (an escalation step) goes out on their contact method.
  const person =
    row.userId === null ? null : await facts.reach(row, alarm).catch((error: unknown) => ({ attempt: unexpected(error), name: `gebruiker ${row.userId}` }));
  const reached = new Set(row.reached ? (JSON.parse(row.reached) as number[]) : []);
  const attempt = person ? person.attempt : await send(deps, rule, row.event, alarm, String(row.id), true, reached).catch(unexpected);
  const now = epochSeconds(deps.clock);
  // A webhook URL's credentials never reach the history.
  const target = rule.channelType === 'WEBHOOK' ? maskedWebhookUrl(rule.target) : attempt.ok ? attempt.target : person ? person.name : rule.target;
  const channel = person ? row.channel : rule.channelType;
  const whom = person ? { userId: row.userId, name: person.name, step: row.step } : {};
  // Mailed to each user: the history names who has it and who not; the row remembers it for the retry.
  const spread = attempt.spread ? { reached: attempt.spread.reached, ...(attempt.ok ? {} : { notReached: attempt.spread.missed }) } : {};
  const reachedIds = attempt.spread ? JSON.stringify(attempt.spread.reachedIds) : row.reached;
  const about = { notificationId: row.id, rule: rule.name, event: row.event, channel };
  if (attempt.ok) {
    return {
      row,
      finish: { status: 'SENT', lastError: null, sentAt: now, nextAttemptAt: null, reached: reachedIds },
      history: { alarmId: row.alarmId, event: 'notified', details: { ...about, target, ...whom, ...spread } },
    };
  }
  const retry = attempt.retry && now < row.createdAt + RETRY_FOR_SECONDS;
  return {
    row,
    finish: {
      status: retry ? 'PENDING' : 'FAILED',
      lastError: attempt.error,
      sentAt: null,
      nextAttemptAt: retry ? now + retryDelaySeconds(row.attempts + 1, attempt.retryAfterSeconds) : null,
      reached: reachedIds,
    },
    history: {
      alarmId: row.alarmId,
      event: 'notification-failed',
      details: { ...about, target: attempt.spread ? attempt.spread.missed.join(', ') : target, error: attempt.error, retry, ...whom, ...spread },
    },
  };
}

/**
 * Stores the outcomes of several attempts in one transaction: each row's status (one update for the
 * rows that ended alike) and its history entry (one insert for all). Until it commits the rows stay claimed, so a crash before it sends
 * them again (at least once, with the same delivery id), as a crash mid-attempt always did.
 */
export async function storeOutcomes(deps: Pick<DeliveryDeps, 'db' | 'clock'>, outcomes: Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const now = epochSeconds(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    await q.finishNotifications(
      trx,
      outcomes.map((o) => ({ id: o.row.id, values: o.finish })),
    );
    await recordHistory(
      trx,
      now,
      NOTIFY_ACTOR,
      outcomes.map((o) => o.history),
    );
  });
  for (const { row } of outcomes) traceRow('finished', row);
}
