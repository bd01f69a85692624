/**
 * Walking a policy: an escalation starts when an ESCALATION rule's alarm is raised and its first
 * step goes out at once, in the transaction that reads the alarm's history; every later step is
 * sent by the `escalate` job when it is due (`stepDueMinutes` after the alarm was raised), unless
 * the alarm was acknowledged or resolved, or an active maintenance window matches it: then the
 * escalation stops. A step reaches each of its people on every contact method they have: one
 * notification row each, delivered (and retried) by the notify job. The step is an `escalated`
 * history entry; each delivery adds its own `notified`.
 */
import type { Actor } from '@/domain/alarm-lifecycle';
import { type EscalationPolicy, type EscalationTarget, stepDueMinutes } from '@/domain/escalation-policy';
import type { DB } from '../../platform/db/database';
import { dashboardOrganizationId } from '../alarm-dashboards/alarm-dashboards.queries';
import { assignableUsers, listAssignableUsers } from '../users/users.queries';
import { lastActorName, recordHistory } from '../alarms/history.queries';
import { methodsOfUsers } from '../contact-methods/contact-methods.service';
import { matchingWindow } from '../maintenance-windows/maintenance-windows.queries';
import { alarmFacts, insertNotifications } from '../notifications/notifications.queries';
import type { EscalationStart } from '../notifications/people';
import type { EscalationRow } from './escalation-policies.table';
import * as q from './escalation-policies.queries';
import { type PolicyDeps, toPolicy } from './escalation-policies.service';

const ESCALATION_ACTOR: Actor = { type: 'SYSTEM', name: 'Escalatie' };

type Person = { id: number; name: string };

/** The dashboard's users (all, or of these ids). */
const assignableUserList = async (db: DB, organizationId: number, ids?: number[]) =>
  ids ? assignableUsers(db, organizationId, ids) : (await listAssignableUsers(db, organizationId, { pageNumber: 0, pageSize: 10_000 })).users;

/** The people a step's targets name at `at`, each once, in the order the targets give them. */
async function peopleOf(deps: PolicyDeps, db: DB, dashboardId: number, targets: EscalationTarget[], at: number): Promise<Person[]> {
  const organizationId = (await dashboardOrganizationId(db, dashboardId)) ?? -1;
  const people = new Map<number, Person>();
  const add = (list: Person[]) => list.forEach((p) => people.has(p.id) || people.set(p.id, p));
  const named = (u: { id: number; fullName: string | null; email: string }) => ({ id: u.id, name: u.fullName || u.email });
  for (const target of targets) {
    if (target.type === 'USER') add((await assignableUserList(db, organizationId, [target.id])).map(named));
    else if (target.type === 'ASSIGNABLE') add((await assignableUserList(db, organizationId)).map(named));
    else if (deps.schedules) add((await deps.schedules.onCall(db, target.id, new Date(at * 1000))).users);
  }
  return [...people.values()];
}

/** Queues step number `e.sent` in `db` (a transaction) if it is still that step's turn; answers how many notifications. */
async function sendStep(deps: PolicyDeps, db: DB, e: EscalationRow, policy: EscalationPolicy, now: number): Promise<number> {
  const n = policy.steps.length;
  const index = e.sent;
  const step = policy.steps[index % n]!;
  const next = stepDueMinutes(policy, index + 1);
  const people = await peopleOf(deps, db, e.dashboardId, step.targets, now);
  const claimed = await q.claimStep(db, e, {
    dueAt: next === null ? null : e.startedAt + next * 60,
    lastUsers: JSON.stringify(people),
    stoppedAt: next === null ? now : null,
    stopReason: next === null ? 'DONE' : null,
  });
  if (!claimed) return 0;
  const methods = await methodsOfUsers(
    { db },
    people.map((p) => p.id),
    now,
  );
  const rows = people.flatMap((person) =>
    (methods.get(person.id) ?? []).map((method) => ({
      ruleId: e.ruleId,
      dashboardId: e.dashboardId,
      alarmId: e.alarmId,
      // The first step announces a new alarm; later ones say nobody has acknowledged it yet.
      event: index === 0 ? ('created' as const) : ('unacknowledged' as const),
      channel: method.type,
      status: 'PENDING' as const,
      createdAt: now,
      nextAttemptAt: now,
      userId: person.id,
      contactMethodId: method.id,
      step: (index % n) + 1,
      recipient: `escalation:${e.id}:${index}:${method.id}`,
    })),
  );
  await insertNotifications(db, rows);
  await recordHistory(db, now, ESCALATION_ACTOR, [
    { alarmId: e.alarmId, event: 'escalated', details: { policy: policy.name, step: (index % n) + 1, round: Math.floor(index / n) + 1, users: people } },
  ]);
  return rows.length;
}

/** Starts the escalations of new alarms and sends their first steps, inside the caller's transaction. */
export async function startEscalations(deps: PolicyDeps, trx: DB, starts: EscalationStart[], now: number) {
  for (const s of starts) {
    const row = await q.insertEscalation(trx, {
      ruleId: s.ruleId,
      policyId: s.policyId,
      alarmId: s.alarmId,
      dashboardId: s.dashboardId,
      startedAt: s.at,
      dueAt: s.at,
    });
    const policy = row && (await q.findPolicy(trx, s.policyId));
    if (row && policy) await sendStep(deps, trx, row, toPolicy(policy), now);
  }
}

/** Why the escalation of this alarm must stop now, if it must. */
async function stopOf(db: DB, e: EscalationRow, now: number) {
  const alarm = await alarmFacts(db, e.alarmId);
  if (!alarm) return null;
  if (alarm.acknowledgedAt !== null) return { stopReason: 'ACKNOWLEDGED' as const, stoppedBy: await lastActorName(db, e.alarmId, 'acknowledged') };
  if (alarm.resolvedAt !== null) return { stopReason: 'RESOLVED' as const, stoppedBy: await lastActorName(db, e.alarmId, 'resolved') };
  if (await matchingWindow(db, e.dashboardId, now, { key: alarm.key, line: alarm.line })) return { stopReason: 'MAINTENANCE' as const, stoppedBy: null };
  return undefined;
}

/** One due escalation: stop it, or send its next step; answers how many notifications were queued. */
async function advance(deps: PolicyDeps, e: EscalationRow, now: number) {
  return deps.db.transaction().execute(async (trx) => {
    const stop = await stopOf(trx, e, now);
    const policy = await q.findPolicy(trx, e.policyId);
    if (stop === null || !policy) return 0; // the alarm or policy is gone, and the row with it
    if (stop) {
      await q.stopEscalation(trx, e.id, { ...stop, stoppedAt: now });
      return 0;
    }
    return sendStep(deps, trx, e, toPolicy(policy), now);
  });
}

const BATCH = 500;
/** A run's most batches: what is still due after them waits for the next run (a few seconds). */
const MAX_BATCHES = 20;

/** Sends every step that is due; answers how many steps and notifications. */
export async function sendDueSteps(deps: PolicyDeps, now: number) {
  let steps = 0;
  let notifications = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const due = await q.dueEscalations(deps.db, now, BATCH);
    for (const e of due) {
      const queued = await advance(deps, e, now);
      if (queued > 0) steps++;
      notifications += queued;
    }
    if (due.length < BATCH) break;
  }
  return { steps, notifications };
}
