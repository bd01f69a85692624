/**
 * The parse pipeline: a PENDING e-mail runs through the dashboard's
 * enabled parsers in order in the sandbox, outside any transaction; then one transaction records
 * every attempt, makes the alarm (or adds an occurrence to a grouped one) and sets the status.
 * That transaction is guarded on the status still being PENDING, so a crash, a second process or
 * a re-parse racing the job never records an e-mail twice; the queue is the status column itself.
 */
import type { AlarmMatch, ParseOutcome, ParserEmail } from '@/domain/alarm-parser';
import { ALARM_LINE_MAX } from '@/domain/alarm';
import type { Priority } from '@/domain/alarm-dashboard';
import type { Actor } from '@/domain/alarm-lifecycle';
import { epochSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import type { AlarmEvent, EventBus } from '../../platform/events/event-bus';
import { type AttemptRecord, type EmailForParsing, claimParses, emailForParsing, recordAttempts } from '../alarm-emails/alarm-emails.queries';
import { dashboardDefaults, dashboardOrganizationId } from '../alarm-dashboards/alarm-dashboards.queries';
import { locationOfOrganization } from '../alarms/alarms.queries';
import { folderByName, landingFolderId } from '../alarm-folders/alarm-folders.queries';
import type { Raise } from '../alarms/lifecycle';
import { sourceRow } from '../mail-sources/mail-sources.queries';
import type { ParserProgram } from '../../platform/sandbox/parser-sandbox.types';
import { parsersForEmail, switchOffRunaway, toProgram } from './alarm-parsers.queries';
import type { ParserDeps } from './alarm-parsers.service';
import { applyEffects, type Effect } from './parse-effects';
import { toParserEmail } from './parser-email';

export interface PipelineDeps extends ParserDeps {
  events: EventBus;
}

export const NO_PARSER_REASON = 'Er is geen parser die dit bericht herkent.';

type Failure = { exceptionType: string; exceptionMessage: string };
type ResolvedAlarm = Omit<Raise, 'alarmEmailId'>;

const failure = (exceptionType: string, exceptionMessage: string) => ({ ok: false as const, failure: { exceptionType, exceptionMessage } });

/** Settings read once per batch instead of once per e-mail (the scheduler starts a new one on every refill and after a time-out). */
type Memo = <T>(key: string, read: () => Promise<T>) => Promise<T>;
const noMemo: Memo = (_, read) => read();
export function batchMemo(): Memo {
  const seen = new Map<string, Promise<unknown>>();
  return <T>(key: string, read: () => Promise<T>) => {
    if (!seen.has(key)) seen.set(key, read());
    return seen.get(key) as Promise<T>;
  };
}

/** The landing folder for a parser's (and its source's) folder, and the dashboard's default priority. */
async function fallbackFolder(db: DB, dashboardId: number, sourceId: number | null, parserFolderId: number | null) {
  const source = sourceId === null ? undefined : await sourceRow(db, sourceId);
  const { defaultPriority } = await dashboardDefaults(db, dashboardId);
  return { folderId: await landingFolderId(db, dashboardId, [parserFolderId, source?.folderId]), priority: defaultPriority };
}

/** The match's location, of the dashboard's organization; `undefined` when a CUSTOM parser named one that is not. */
async function matchLocation(db: DB, dashboardId: number, match: AlarmMatch, memo: Memo) {
  const ref = match.locationRef ?? match.locationId;
  if (ref === null) return null;
  const organizationId = await memo(`organization:${dashboardId}`, () => dashboardOrganizationId(db, dashboardId));
  const found = await memo(`location:${organizationId}:${typeof ref}:${ref}`, async () => {
    const byRef = organizationId === undefined ? undefined : await locationOfOrganization(db, organizationId, ref);
    // A CUSTOM parser may hand an id over as text ("12").
    if (byRef || typeof ref !== 'string' || !/^[1-9]\d{0,15}$/.test(ref) || organizationId === undefined) return byRef;
    return locationOfOrganization(db, organizationId, Number(ref));
  });
  // A DEFAULT table row whose location was deleted since names none; a CUSTOM answer must exist.
  return found ?? (match.locationRef === null ? null : undefined);
}

/**
 * A match as the alarm it makes: folder (a CUSTOM folder name must exist, else FAILED; a DEFAULT
 * folder id that is gone falls back), priority (else the dashboard's default), deadline (minutes
 * count from `at`). A line that is empty fails; a longer one than an alarm holds is cut.
 */
export async function resolveMatch(
  db: DB,
  at: number,
  email: { dashboardId: number; sourceId: number | null },
  match: AlarmMatch,
  memo: Memo = noMemo,
): Promise<{ ok: true; alarm: ResolvedAlarm; location: { id: number; name: string } | null } | { ok: false; failure: Failure }> {
  const line = match.line.trim();
  if (!line) return failure('EmptyLine', 'De melding is leeg: het sjabloon gaf geen tekst.');
  let named: number | null = null;
  if (match.folderName !== null) {
    const folder = await memo(`name:${email.dashboardId}:${match.folderName}`, () => folderByName(db, email.dashboardId, match.folderName!));
    if (!folder) return failure('UnknownFolder', `De map '${match.folderName}' bestaat niet in dit dashboard.`);
    named = folder.id;
  }
  const location = await matchLocation(db, email.dashboardId, match, memo);
  if (location === undefined) return failure('UnknownLocation', `De locatie '${match.locationRef}' bestaat niet in de organisatie van dit dashboard.`);
  const fallback = await memo(`folder:${email.dashboardId}:${email.sourceId}:${match.folderId}`, () =>
    fallbackFolder(db, email.dashboardId, email.sourceId, match.folderId),
  );
  return {
    ok: true,
    alarm: {
      line: line.length > ALARM_LINE_MAX ? `${line.slice(0, ALARM_LINE_MAX - 1)}…` : line,
      priority: (match.priority ?? fallback.priority) as Priority,
      data: match.data,
      deadlineAt: match.deadlineAt ?? (match.deadlineMinutes ? at + match.deadlineMinutes * 60 : null),
      folderId: named ?? fallback.folderId,
      key: match.group?.key ?? null,
      windowSeconds: match.group ? match.group.windowMinutes * 60 : null,
      locationId: location?.id ?? null,
    },
    location,
  };
}

type Named = { program: ParserProgram; name: string };

/** A recovery or a sign of life as its effect; an alarm match needs `resolveMatch` first. */
const signalEffect = (outcome: Exclude<Extract<ParseOutcome, { type: 'MATCHED' }>, AlarmMatch>, parserId: number): Effect =>
  'resolve' in outcome ? { resolve: outcome.resolve } : { heartbeat: { parserId, key: outcome.heartbeat } };

/**
 * Runs the parsers in order until one matches with an effect (an alarm whose folder resolves, a
 * recovery, a sign of life); a FAILED run (also a match whose folder does not exist) goes on with
 * the next parser. One attempt per run.
 */
async function runParsers(
  deps: ParserDeps,
  parsers: Named[],
  email: ParserEmail,
  context: { dashboardId: number; sourceId: number | null; receivedAt: number },
  memo: Memo,
  first: ParseOutcome[],
) {
  const attempts: AttemptRecord[] = [];
  let rest = parsers;
  // The whole chain's outcomes came with the batch; after a match whose folder fails, the rest runs alone.
  let ran: ParseOutcome[] | null = first;
  while (rest.length) {
    const outcomes =
      ran ??
      (await deps.sandbox.runChain(
        rest.map((p) => p.program),
        email,
      ));
    ran = null;
    let next: Named[] = [];
    for (const [i, outcome] of outcomes.entries()) {
      const parser = rest[i]!;
      const by = { parserId: parser.program.id, parserName: parser.name };
      if (outcome.type !== 'MATCHED') {
        attempts.push({ ...by, ...outcome });
        continue;
      }
      const matched = [...attempts, { ...by, type: 'MATCHED' as const }];
      if (!('line' in outcome)) return { attempts: matched, effect: signalEffect(outcome, parser.program.id) };
      // A deadline "minutes after receipt" counts from the e-mail's arrival, not from this parse.
      const resolved = await resolveMatch(deps.db, context.receivedAt, context, outcome, memo);
      if (resolved.ok) return { attempts: matched, effect: { alarm: resolved.alarm } as Effect };
      attempts.push({ ...by, type: 'FAILED', ...resolved.failure, exceptionStackTrace: null });
      next = rest.slice(i + 1);
      break;
    }
    rest = next;
  }
  return { attempts, effect: null };
}

export interface Prepared {
  emailId: number;
  email: EmailForParsing;
  attempts: AttemptRecord[];
  effect: Effect | null;
}

/** Reads a PENDING e-mail and runs its parsers (no transaction); null when it is not PENDING. */
async function prepareParse(deps: PipelineDeps, emailId: number, memo: Memo) {
  const email = await emailForParsing(deps.db, emailId);
  return email ? ((await prepareEmails(deps, [email], memo))[0] ?? null) : null;
}

/**
 * Runs the parsers of e-mails read before, of one dashboard and source (the same parsers), in one
 * sandbox round trip; each answers null when it was not PENDING (recording checks again) or is
 * still stored raw (the mail reader has not read it yet).
 */
export async function prepareEmails(deps: PipelineDeps, emails: readonly EmailForParsing[], memo: Memo) {
  const pending = emails.filter((e) => e.parsingStatus === 'PENDING' && !e.contentPending);
  const [head] = pending;
  if (!head) return emails.map(() => null);
  if (pending.some((e) => e.dashboardId !== head.dashboardId || e.sourceId !== head.sourceId))
    throw new Error('prepareEmails takes e-mails of one dashboard and source.');
  const rows = await memo(`parsers:${head.dashboardId}:${head.sourceId}`, () => parsersForEmail(deps.db, head.dashboardId, head.sourceId));
  const parsers = rows.map((r) => ({ program: toProgram(r), name: r.name }));
  const inputs = pending.map(toParserEmail);
  const ran = await deps.sandbox.runChains(
    parsers.map((p) => p.program),
    inputs,
  );
  const prepared = new Map<number, Prepared>();
  for (const [i, email] of pending.entries()) {
    const { attempts, effect } = await runParsers(deps, parsers, inputs[i]!, email, memo, ran[i]!);
    if (rows.length === 0) attempts.push({ parserId: null, parserName: null, type: 'REJECTED', reason: NO_PARSER_REASON });
    prepared.set(email.id, { emailId: email.id, email, attempts, effect });
  }
  return emails.map((e) => prepared.get(e.id) ?? null);
}

/** The history names an e-mail by its sender (else its subject). */
function emailActor(email: { id: number; fromJson: string; subject: string | null }): Actor {
  const [from] = JSON.parse(email.fromJson) as { address?: string; name?: string }[];
  return { type: 'EMAIL', id: email.id, name: from?.address || from?.name || email.subject || 'E-mail' };
}

/** What recording a group of parses did: outcomes, and whether a parser hit its time limit (its dashboard's parsers may be switched off now). */
type Recorded = { MATCHED: number; REJECTED: number; skipped: number; timedOut: boolean };

/**
 * Records prepared parses in one transaction, set-based: the statuses (guarded on PENDING, so an
 * e-mail another run finished is skipped), what the matches did (`applyEffects`, in the given order:
 * grouping sees a dashboard's e-mails in the order they arrived), then every attempt with what its
 * match recorded. A parser that hit its time limit is switched off when its last runs all did.
 * Events go out after the commit, one `counts` event per dashboard.
 */
export async function recordParses(deps: PipelineDeps, prepared: readonly (Prepared | null)[]): Promise<Recorded> {
  const counts = { MATCHED: 0, REJECTED: 0, skipped: 0 };
  const at = epochSeconds(deps.clock);
  const published = new Map<number, AlarmEvent[]>();
  const timedOut = new Set(prepared.flatMap((p) => p?.attempts.filter((a) => a.exceptionType === 'TimeLimitExceeded').map((a) => a.parserId) ?? []));
  const parses = prepared.filter((p): p is Prepared => p !== null);
  await deps.db.transaction().execute(async (trx) => {
    const claimed = await claimParses(
      trx,
      at,
      parses.map((p) => ({ emailId: p.emailId, status: p.effect ? 'MATCHED' : 'REJECTED' })),
    );
    const recording = parses.filter((p) => claimed.has(p.emailId));
    counts.skipped = prepared.length - recording.length;
    // The alarm is received when its e-mail was (after a backlog too); `at`, the parse, is the e-mail's parsedAt.
    const matched = recording.filter((p) => p.effect);
    const applied = await applyEffects(
      trx,
      matched.map((p) => ({ at: p.email.receivedAt, actor: emailActor(p.email), email: p.email, effect: p.effect! })),
    );
    const effects = new Map(matched.map((p, i) => [p.emailId, applied[i]!]));
    for (const p of recording) {
      counts[p.effect ? 'MATCHED' : 'REJECTED']++;
      const events = effects.get(p.emailId)?.events ?? [];
      published.set(p.email.dashboardId, [...(published.get(p.email.dashboardId) ?? []), ...events]);
    }
    await recordAttempts(
      trx,
      at,
      recording.flatMap((p) => p.attempts.map((a) => ({ ...a, ...(a.type === 'MATCHED' ? effects.get(p.emailId)?.record : {}), emailId: p.emailId }))),
    );
    for (const parserId of timedOut) if (parserId !== null) await switchOffRunaway(trx, parserId);
  });
  for (const [dashboardId, events] of published) {
    const alarms = events.filter((e) => e.event !== 'counts');
    if (events.length) deps.events.publish(dashboardId, alarms.length < events.length ? [...alarms, { event: 'counts', data: {} }] : alarms);
  }
  return { ...counts, timedOut: timedOut.size > 0 };
}

/** Parses these PENDING e-mails: their chains run at once, then one transaction records them in the given order. */
async function parseEmails(deps: PipelineDeps, emailIds: readonly number[], signal?: AbortSignal) {
  const memo = batchMemo();
  const prepared = await Promise.all(emailIds.map((id) => prepareParse(deps, id, memo)));
  if (signal?.aborted) return { MATCHED: 0, REJECTED: 0, skipped: 0 };
  const { timedOut: _, ...counts } = await recordParses(deps, prepared);
  return counts;
}

/** Parses one PENDING e-mail to the end; `skipped` when it was not (or no longer) PENDING. */
export async function parseEmail(deps: PipelineDeps, emailId: number) {
  const counts = await parseEmails(deps, [emailId]);
  return counts.MATCHED ? 'MATCHED' : counts.REJECTED ? 'REJECTED' : 'skipped';
}
