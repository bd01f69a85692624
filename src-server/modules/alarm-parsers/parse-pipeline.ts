/**
 * The parse pipeline (DESIGN.md §7 "Pipeline"): a PENDING e-mail runs through the dashboard's
 * enabled parsers in order in the sandbox, outside any transaction; then one transaction records
 * every attempt, makes the alarm (or adds an occurrence to a grouped one) and sets the status.
 * That transaction is guarded on the status still being PENDING, so a crash, a second process or
 * a re-parse racing the job never records an e-mail twice; the queue is the status column itself.
 */
import { type ParseOutcome, type ParserEmail } from '@/domain/alarm-parser';
import { ALARM_LINE_MAX } from '@/domain/alarm';
import type { Priority } from '@/domain/alarm-dashboard';
import { epochSeconds } from '../../clock';
import type { DB } from '../../db/database';
import type { EventBus } from '../../events/event-bus';
import { type AttemptRecord, emailForParsing, finishParse, linkEmailToAlarm } from '../alarm-emails/alarm-emails.queries';
import { dashboardDefaults } from '../alarm-dashboards/alarm-dashboards.queries';
import { folderByName, folderOfDashboard } from '../alarm-folders/alarm-folders.queries';
import { alarmExists } from '../alarms/alarms.queries';
import { type ParsedAlarm, raiseParsedAlarm } from '../alarms/alarms.service';
import { sourceRow } from '../mail-sources/mail-sources.queries';
import type { ParserProgram } from '../../sandbox/parser-sandbox.types';
import { parsersForEmail, toProgram } from './alarm-parsers.queries';
import type { ParserDeps } from './alarm-parsers.service';
import { toParserEmail } from './parser-email';

export interface PipelineDeps extends ParserDeps {
  events: EventBus;
}

export const NO_PARSER_REASON = 'Er is geen parser die dit bericht herkent.';

type Matched = Extract<ParseOutcome, { type: 'MATCHED' }>;
type Failure = { exceptionType: string; exceptionMessage: string };
type ResolvedAlarm = Omit<ParsedAlarm, 'alarmEmailId'>;

const failure = (exceptionType: string, exceptionMessage: string) => ({ ok: false as const, failure: { exceptionType, exceptionMessage } });

/** The alarm's first existing folder of: the parser's, the source's, the dashboard's default, the inbox. */
async function fallbackFolder(db: DB, dashboardId: number, sourceId: number | null, parserFolderId: number | null) {
  const source = sourceId === null ? undefined : await sourceRow(db, sourceId);
  const defaults = await dashboardDefaults(db, dashboardId);
  for (const id of [parserFolderId, source?.folderId ?? null, defaults.defaultFolderId])
    if (id !== null && (await folderOfDashboard(db, dashboardId, id))) return { folderId: id, priority: defaults.defaultPriority };
  return { folderId: (await folderByName(db, dashboardId, 'inbox'))!.id, priority: defaults.defaultPriority };
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
  match: Matched,
): Promise<{ ok: true; alarm: ResolvedAlarm } | { ok: false; failure: Failure }> {
  const line = match.line.trim();
  if (!line) return failure('EmptyLine', 'De melding is leeg: het sjabloon gaf geen tekst.');
  let named: number | null = null;
  if (match.folderName !== null) {
    const folder = await folderByName(db, email.dashboardId, match.folderName);
    if (!folder) return failure('UnknownFolder', `De map '${match.folderName}' bestaat niet in dit dashboard.`);
    named = folder.id;
  }
  const fallback = await fallbackFolder(db, email.dashboardId, email.sourceId, match.folderId);
  return {
    ok: true,
    alarm: {
      line: line.length > ALARM_LINE_MAX ? `${line.slice(0, ALARM_LINE_MAX - 1)}…` : line,
      priority: (match.priority ?? fallback.priority) as Priority,
      data: match.data,
      deadlineAt: match.deadlineAt ?? (match.deadlineMinutes ? at + match.deadlineMinutes * 60 : null),
      folderId: named ?? fallback.folderId,
      group: match.group,
    },
  };
}

type Named = { program: ParserProgram; name: string };

/**
 * Runs the parsers in order until one matches with an alarm that resolves; a FAILED run (also a
 * match whose folder does not exist) goes on with the next parser. One attempt per run.
 */
async function runParsers(deps: ParserDeps, parsers: Named[], email: ParserEmail, context: { dashboardId: number; sourceId: number | null }) {
  const attempts: AttemptRecord[] = [];
  let rest = parsers;
  while (rest.length) {
    const outcomes = await deps.sandbox.runChain(
      rest.map((p) => p.program),
      email,
    );
    let next: Named[] = [];
    for (const [i, outcome] of outcomes.entries()) {
      const parser = rest[i]!;
      const by = { parserId: parser.program.id, parserName: parser.name };
      if (outcome.type !== 'MATCHED') {
        attempts.push({ ...by, ...outcome });
        continue;
      }
      const resolved = await resolveMatch(deps.db, epochSeconds(deps.clock), context, outcome);
      if (resolved.ok) return { attempts: [...attempts, { ...by, type: 'MATCHED' as const }], alarm: resolved.alarm };
      attempts.push({ ...by, type: 'FAILED', ...resolved.failure, exceptionStackTrace: null });
      next = rest.slice(i + 1);
      break;
    }
    rest = next;
  }
  return { attempts, alarm: null };
}

/**
 * Parses one PENDING e-mail to the end. Answers what happened, or `skipped` when it was not (or no
 * longer) PENDING. An e-mail whose alarm still exists (a re-parse) records its attempts and status
 * but leaves the alarm as people left it: one e-mail never makes a second alarm or occurrence.
 */
export async function parseEmail(deps: PipelineDeps, emailId: number): Promise<'MATCHED' | 'REJECTED' | 'skipped'> {
  const email = await emailForParsing(deps.db, emailId);
  if (!email || email.parsingStatus !== 'PENDING') return 'skipped';
  const rows = await parsersForEmail(deps.db, email.dashboardId, email.sourceId);
  const { attempts, alarm } = await runParsers(
    deps,
    rows.map((r) => ({ program: toProgram(r), name: r.name })),
    toParserEmail(email),
    email,
  );
  if (rows.length === 0) attempts.push({ parserId: null, parserName: null, type: 'REJECTED', reason: NO_PARSER_REASON });
  const at = epochSeconds(deps.clock);
  const status = alarm ? 'MATCHED' : 'REJECTED';
  const done = await deps.db.transaction().execute(async (trx) => {
    if (!(await finishParse(trx, emailId, { status, at, attempts }))) return null;
    if (!alarm || (email.alarmId !== null && (await alarmExists(trx, email.alarmId)))) return { events: [] };
    const raised = await raiseParsedAlarm(trx, at, email.dashboardId, { ...alarm, alarmEmailId: emailId });
    await linkEmailToAlarm(trx, emailId, raised.alarmId);
    return raised;
  });
  if (!done) return 'skipped';
  deps.events.publish(email.dashboardId, done.events);
  return status;
}
