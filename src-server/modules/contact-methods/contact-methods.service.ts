/**
 * Contact methods: a user's own list (their account's address first, not stored), adding and
 * deleting their own, a test message, and reaching a person about an alarm on one method (used by
 * the notify job for the rows an escalation step queues). Delivery per type is an adapter.
 */
import type { ContactMethod, CreateContactMethod, PushSubscriptionChange, WebPushSubscription } from '@/domain/contact-method';
import type { User } from '@/domain/user';
import { epochSeconds, isoFromSeconds } from '../../platform/clock';
import { AppError, notFound } from '../../platform/errors';
import { yieldToEventLoop } from '../../platform/event-loop';
import { type SharedLimiter, reserveOrRefuse } from '../../platform/shared-rate-limit';
import { mintActionLinks } from '../alarm-actions/alarm-actions.service';
import { type AlarmFacts, testAlarm } from '../notifications/alarm-message';
import type { Attempt } from '../notifications/attempt';
import type { PersonRow, Reached } from '../notifications/people';
import { contactsOfUsers } from '../users/users.queries';
import { adapterOf } from './adapters';
import type { ContactAdapter, ContactDeps } from './contact-adapter';
import * as q from './contact-methods.queries';
import { warmPushSenders } from './push-sender';
import type { Caller } from '../../platform/caller';
import type { ContactMethodRow } from './contact-methods.table';

const METHOD_ABSENT = 'Deze contactmethode bestaat niet.';

const isOwnAddress = (r: ContactMethodRow) => r.type === 'EMAIL' && r.target === '';
const toMethod = (deps: ContactDeps, r: ContactMethodRow, user: Pick<User, 'email'>): ContactMethod => ({
  id: r.id,
  type: r.type,
  address: isOwnAddress(r) ? user.email : adapterOf(r.type).describe(deps, r.target),
  isDefault: isOwnAddress(r),
  createdAt: isoFromSeconds(r.createdAt)!,
});

/**
 * A server about to run loads the push sender's threads now, rather than beside the first alarm's
 * pushes, when a phone is subscribed; without one they cost no memory (about 60 MB for the two)
 * until a browser subscribes (web-push-adapter.ts) or a push goes out.
 */
export async function warmPushSendersIfSubscribed({ db }: Pick<ContactDeps, 'db'>) {
  if (await q.anyMethodOfType(db, 'WEB_PUSH')) await warmPushSenders();
}

/** The user's methods, their account's address first (made now if it was not there yet). */
export async function listMethods(deps: ContactDeps, caller: Caller) {
  const { user } = caller;
  await q.ensureOwnAddresses(deps.db, [user.id], epochSeconds(deps.clock));
  const rows = await q.methodsOfUser(deps.db, user.id);
  return [...rows.filter(isOwnAddress), ...rows.filter((r) => !isOwnAddress(r))].map((r) => toMethod(deps, r, user));
}

export async function createMethod(deps: ContactDeps, caller: Caller, input: CreateContactMethod) {
  const { user } = caller;
  const adapter = adapterOf(input.type);
  const target = await adapter.store(deps, input);
  const known = await listMethods(deps, caller);
  const address = adapter.describe(deps, target).toLowerCase();
  if (known.some((m) => m.type === input.type && m.address.toLowerCase() === address)) {
    throw new AppError('CONFLICT', 'Dit adres staat al bij je contactmethoden.');
  }
  const { id } = await q.insertMethod(deps.db, { userId: user.id, type: input.type, target, createdAt: epochSeconds(deps.clock) });
  return toMethod(deps, (await q.findOwnMethod(deps.db, user.id, id))!, user);
}

export async function deleteMethod(deps: Pick<ContactDeps, 'db'>, caller: Caller, id: number) {
  const { user } = caller;
  const row = await q.findOwnMethod(deps.db, user.id, id);
  if (!row) throw notFound(METHOD_ABSENT);
  if (isOwnAddress(row)) throw new AppError('CONFLICT', 'Het e-mailadres van je account blijft altijd een contactmethode.');
  await q.deleteMethod(deps.db, id);
}

/** Sends a test message about a made-up HIGH alarm now; at most a few an hour per user (`limit`). */
export async function testMethod(deps: ContactDeps & { limit: SharedLimiter }, caller: Caller, id: number) {
  const { user } = caller;
  const row = await q.findOwnMethod(deps.db, user.id, id);
  if (!row) throw notFound(METHOD_ABSENT);
  const method = toMethod(deps, row, user);
  await reserveOrRefuse(
    [[deps.limit, String(user.id)]],
    (s) => `Je hebt net al een paar tests verstuurd. Probeer het over ${Math.ceil(s / 60)} minuten opnieuw.`,
  );
  const now = epochSeconds(deps.clock);
  const alarm = testAlarm(now, 'Testmelding: zo bereikt een escalatie je', { id: 0, name: 'Test' });
  const attempt = await send(deps, row, user, { alarm, actionUrl: null, deliveryId: `test-${user.id}-${id}-${now}`, test: true });
  return attempt.ok ? { ok: true, message: `Testmelding verstuurd naar ${method.address}.` } : { ok: false, message: `Testmelding mislukt: ${attempt.error}` };
}

/**
 * Reaches the person of each notification row on its method about its alarm, with their own action
 * link while the alarm is open and unacknowledged. The batch's people and methods are read in one
 * query each and its action links made in one insert; answers each row's send (by row id), to be
 * started by the caller, which never throws for the receiver's failure.
 */
export async function reachPeople(deps: ContactDeps, items: { row: PersonRow; alarm: AlarmFacts }[]): Promise<Map<number, () => Promise<Reached>>> {
  const ids = (pick: (row: PersonRow) => number | null) => [...new Set(items.flatMap(({ row }) => (pick(row) === null ? [] : [pick(row)!])))];
  const [users, methods] = await Promise.all([
    contactsOfUsers(
      deps.db,
      ids((r) => r.userId),
    ),
    q.methodsByIds(
      deps.db,
      ids((r) => r.contactMethodId),
    ),
  ]);
  const ready = items.map(({ row, alarm }) => {
    const user = users.find((u) => u.id === row.userId);
    // Another user's method never stands in for this person's.
    const method = user && methods.find((m) => m.id === row.contactMethodId && m.userId === user.id);
    return { row, alarm, user, method, open: alarm.acknowledgedAt === null && alarm.resolvedAt === null };
  });
  const linked = ready.filter((r) => r.user && r.method && r.open);
  const links = await mintActionLinks(
    deps,
    epochSeconds(deps.clock),
    deps.publicUrl,
    linked.map((r) => ({ alarmId: r.alarm.id, userId: r.user!.id })),
  );
  const linkOf = new Map(linked.map((r, i) => [r.row.id, links[i]!]));
  const gone = (error: string, name: string) => () => Promise.resolve<Reached>({ attempt: { ok: false, retry: false, error }, name });
  return new Map(
    ready.map(({ row, alarm, user, method }): [number, () => Promise<Reached>] => {
      if (!user) return [row.id, gone('Deze gebruiker bestaat niet meer.', `gebruiker ${row.userId}`)];
      const name = user.fullName || user.email;
      if (!method) return [row.id, gone('Deze contactmethode is verwijderd.', name)];
      const message = { alarm, actionUrl: linkOf.get(row.id) ?? null, deliveryId: String(row.id), test: false };
      return [row.id, async () => ({ attempt: await send(deps, method, user, message), name })];
    }),
  );
}

/**
 * One send on a stored method; a method its receiver no longer knows (`gone`) is removed. Each send
 * starts in a turn of its own: a batch's sends all become ready at once, and without the turn each
 * would build (a push: encrypt) its message before the first request left, so the first of 100
 * pushes waited for all 100 encryptions.
 */
async function send(deps: ContactDeps, row: ContactMethodRow, user: Pick<User, 'email'>, message: Parameters<ContactAdapter['send']>[2]): Promise<Attempt> {
  await yieldToEventLoop();
  const target = isOwnAddress(row) ? user.email : row.target;
  const attempt = await adapterOf(row.type).send(deps, target, message);
  if (!attempt.ok && 'gone' in attempt) {
    await q.deleteMethod(deps.db, row.id);
    return { ok: false, retry: false, error: `${attempt.error} De contactmethode is verwijderd.` };
  }
  return attempt;
}

/** The methods to reach each of these users on, their account's address among them (made now where missing). */
export async function methodsOfUsers(deps: Pick<ContactDeps, 'db'>, userIds: number[], now: number) {
  await q.ensureOwnAddresses(deps.db, userIds, now);
  const rows = await q.methodsOfUsers(deps.db, userIds);
  return new Map(userIds.map((id) => [id, rows.filter((m) => m.userId === id).map((m) => ({ id: m.id, type: m.type }))]));
}

/**
 * A browser renewed its push subscription: the method that holds the old endpoint now holds the new
 * subscription, for the same user. An endpoint this server does not hold is a 404.
 */
export async function replacePushSubscription(deps: ContactDeps, input: PushSubscriptionChange) {
  const stored = (await q.methodsOfType(deps.db, 'WEB_PUSH')).find((m) => deps.secrets.open<WebPushSubscription>(m.target).endpoint === input.oldEndpoint);
  if (!stored) throw notFound('Dit pushabonnement is hier niet bekend; zet pushmeldingen opnieuw aan op je profiel.');
  const target = await adapterOf('WEB_PUSH').store(deps, { type: 'WEB_PUSH', subscription: input.subscription });
  await q.replaceTarget(deps.db, stored.id, target);
}
