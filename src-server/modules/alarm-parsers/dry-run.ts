/**
 * Dry runs: the attempt a saved or drafted parser would record for one e-mail,
 * nothing stored; a recovery names the open alarms it would resolve now, a sign of life its key.
 */
import { type DryRunResult, type ParserDraft, recoveryKeyTrap } from '@/domain/alarm-parser';
import { epochSeconds, isoFromSeconds } from '../../platform/clock';
import type { ParserProgram } from '../../platform/sandbox/parser-sandbox.types';
import { invalidField } from '../../platform/errors';
import { emailForParsing } from '../alarm-emails/alarm-emails.queries';
import { openAlarmsWithKeys } from '../alarms/alarms.queries';
import { type ParserDeps, checkParserFields } from './alarm-parsers.service';
import { toProgram } from './alarm-parsers.queries';
import type { AlarmParserRow } from './alarm-parsers.table';
import { resolveMatch } from './parse-pipeline';
import { toParserEmail } from './parser-email';

async function emailOfDashboard(deps: ParserDeps, dashboardId: number, emailId: number) {
  const email = await emailForParsing(deps.db, emailId);
  if (!email || email.dashboardId !== dashboardId) throw invalidField('emailId', 'Deze e-mail hoort niet bij dit dashboard.');
  return email;
}

/** The attempt, with what the parser's settings get wrong whatever the e-mail. */
async function dryRun(deps: ParserDeps, program: ParserProgram, sourceId: number | null, dashboardId: number, emailId: number): Promise<DryRunResult> {
  const result = await attempt(deps, program, sourceId, dashboardId, emailId);
  const trap = program.type === 'DEFAULT' ? recoveryKeyTrap(program.config) : null;
  return trap ? { ...result, warnings: [trap.warning] } : result;
}

async function attempt(deps: ParserDeps, program: ParserProgram, sourceId: number | null, dashboardId: number, emailId: number): Promise<DryRunResult> {
  const email = await emailOfDashboard(deps, dashboardId, emailId);
  if (sourceId !== null && email.sourceId !== sourceId)
    return { type: 'REJECTED', reason: 'Deze parser leest alleen e-mails van zijn eigen bron; deze e-mail kwam van een andere.' };
  const [outcome] = await deps.sandbox.runChain([program], toParserEmail(email));
  if (!outcome) throw new Error('The sandbox answered no outcome.');
  if (outcome.type === 'REJECTED') return { type: 'REJECTED', reason: outcome.reason };
  if (outcome.type === 'FAILED') return { type: 'FAILED', exceptionType: outcome.exceptionType, exceptionMessage: outcome.exceptionMessage };
  if ('heartbeat' in outcome) return { type: 'MATCHED', heartbeat: { key: outcome.heartbeat } };
  if ('resolve' in outcome) {
    const open = outcome.resolve ? await openAlarmsWithKeys(deps.db, dashboardId, [outcome.resolve]) : [];
    return { type: 'MATCHED', resolve: { key: outcome.resolve, alarms: open.map(({ id, line }) => ({ id, line })) } };
  }
  const resolved = await resolveMatch(deps.db, epochSeconds(deps.clock), email, outcome);
  if (!resolved.ok) return { type: 'FAILED', ...resolved.failure };
  const { line, priority, data, deadlineAt, folderId } = resolved.alarm;
  return { type: 'MATCHED', alarm: { line, priority, data, deadlineAt: isoFromSeconds(deadlineAt), folderId, location: resolved.location } };
}

export const dryRunSaved = (deps: ParserDeps, row: AlarmParserRow, emailId: number) => dryRun(deps, toProgram(row), row.sourceId, row.dashboardId, emailId);

/** A parser not yet saved: checked like a save (field errors under `parser.`), then run. */
export async function dryRunDraft(deps: ParserDeps, dashboardId: number, emailId: number, draft: ParserDraft) {
  await checkParserFields(deps, dashboardId, draft.type === 'DEFAULT' ? { sourceId: draft.sourceId, config: draft.config } : { code: draft.code }, 'parser.');
  const program: ParserProgram = draft.type === 'DEFAULT' ? { id: 0, type: 'DEFAULT', config: draft.config } : { id: 0, type: 'CUSTOM', code: draft.code };
  return dryRun(deps, program, draft.type === 'DEFAULT' ? draft.sourceId : null, dashboardId, emailId);
}
