/**
 * The DEFAULT parser's evaluation (DESIGN.md §7): a pure function of config and e-mail. It runs in
 * a sandbox worker, where the pool's watchdog bounds a catastrophic regular expression.
 *
 * Decisions where DESIGN.md is silent:
 * - A line that renders empty is FAILED, not REJECTED: the match patterns claimed the e-mail, so an
 *   alarm was meant and the config (a template naming absent values) needs fixing; the attempt
 *   says so and the chain goes on to the next parser.
 * - A line over 512 characters is cut to 512 with "…": template output is no fault of the sender,
 *   and a shortened alarm beats a lost one. (CUSTOM code chooses its line itself: there it is FAILED.)
 * - Data values and named groups are trimmed; a data value is cut to 2,000 characters, the same
 *   bound a CUSTOM result has.
 * - A group key that renders empty means no grouping: unrelated alarms must not merge on "".
 */
import { ALARM_LINE_MAX } from '@/domain/alarm';
import {
  compilePattern,
  MATCH_FIELDS,
  matchFieldLabels,
  type MatchField,
  type ParseOutcome,
  type ParserConfig,
  type ParserEmail,
  renderTemplate,
} from '@/domain/alarm-parser';

const DATA_VALUE_MAX = 2000;

const fieldText = (email: ParserEmail, field: MatchField) => (field === 'body' ? email.text : email[field]);
const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

class InvalidPattern extends Error {
  override name = 'InvalidPattern';
}
function compile(pattern: string): RegExp {
  const re = compilePattern(pattern);
  if (!re) throw new InvalidPattern(`Dit is geen geldige reguliere expressie: /${pattern}/`);
  return re;
}

export function evaluateDefault(config: ParserConfig, email: ParserEmail): ParseOutcome {
  try {
    return evaluate(config, email);
  } catch (error) {
    if (error instanceof InvalidPattern) return { type: 'FAILED', exceptionType: error.name, exceptionMessage: error.message, exceptionStackTrace: null };
    throw error;
  }
}

function evaluate(config: ParserConfig, email: ParserEmail): ParseOutcome {
  const values: Record<string, string> = { subject: email.subject, from: email.from };
  for (const field of MATCH_FIELDS) {
    const pattern = config.match?.[field];
    if (!pattern) continue;
    const m = compile(pattern).exec(fieldText(email, field));
    if (!m) return { type: 'REJECTED', reason: `${matchFieldLabels[field]} komt niet overeen met /${pattern}/` };
    for (const [name, value] of Object.entries(m.groups ?? {})) if (value !== undefined) values[name] = value.trim();
  }
  const data: Record<string, string> = {};
  for (const d of config.data ?? []) {
    const value = compile(d.pattern).exec(fieldText(email, d.field))?.[1];
    if (value !== undefined) data[d.name] = cut(value.trim(), DATA_VALUE_MAX);
  }
  Object.assign(values, data);

  const line = renderTemplate(config.line, values);
  if (!line) {
    return {
      type: 'FAILED',
      exceptionType: 'EmptyLine',
      exceptionMessage: `De melding is leeg: het sjabloon "${config.line}" gaf voor dit bericht geen tekst.`,
      exceptionStackTrace: null,
    };
  }
  const priority = (config.priority ?? []).find((rule) => compile(rule.pattern).test(fieldText(email, rule.field)))?.priority ?? null;
  const groupKey = config.group ? renderTemplate(config.group.key, values) : '';
  return {
    type: 'MATCHED',
    line: cut(line, ALARM_LINE_MAX),
    priority,
    data,
    deadlineAt: null,
    deadlineMinutes: config.deadlineMinutes ?? null,
    folderId: config.folderId ?? null,
    folderName: null,
    group: config.group && groupKey ? { key: groupKey, windowMinutes: config.group.windowMinutes } : null,
  };
}
