/**
 * The DEFAULT parser's evaluation: a pure function of config and e-mail. The
 * pipeline runs it in a sandbox worker (the pool's watchdog bounds a catastrophic regular
 * expression); the parser form's live preview runs `readValues` in a Web Worker of its own.
 *
 * Decisions made here:
 * - A line that renders empty is FAILED, not REJECTED: the match patterns claimed the e-mail, so an
 *   alarm was meant and the config (a template naming absent values) needs fixing; the attempt
 *   says so and the chain goes on to the next parser.
 * - A line over 512 characters is cut to 512 with "…": template output is no fault of the sender,
 *   and a shortened alarm beats a lost one. (CUSTOM code chooses its line itself: there it is FAILED.)
 * - Data values and named groups are trimmed; a data value is cut to 2,000 characters, the same
 *   bound a CUSTOM result has.
 * - A group key that renders empty means no grouping: unrelated alarms must not merge on "".
 * - A sign of life (`heartbeat`) or a recovery is decided before the line is rendered: neither
 *   makes an alarm, so a line template that renders empty does not fail them.
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

const fieldText = (email: ValueSource, field: MatchField) => (field === 'body' ? email.text : email[field]);
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

type ValueSource = Pick<ParserEmail, 'subject' | 'from' | 'text'>;
type ValueConfig = { match?: Partial<Record<MatchField, string | undefined>>; data?: readonly { name: string; field: MatchField; pattern: string }[] };

/**
 * The values a template may name: subject, from, the named groups of the match patterns and the
 * data fields (each its pattern's first group), trimmed, and the match fields that did not match.
 * `strict` (the pipeline): an invalid pattern throws and reading stops at the first miss. Otherwise
 * (the preview) an invalid pattern is a miss or an absent value and every field is read.
 */
export function readValues(config: ValueConfig, email: ValueSource, strict: boolean) {
  const run = (pattern: string, field: MatchField) => (strict ? compile(pattern) : compilePattern(pattern))?.exec(fieldText(email, field)) ?? null;
  const values: Record<string, string> = { subject: email.subject, from: email.from };
  const misses: MatchField[] = [];
  for (const field of MATCH_FIELDS) {
    const pattern = config.match?.[field]?.trim();
    if (!pattern) continue;
    const m = run(pattern, field);
    if (!m) {
      misses.push(field);
      if (strict) break;
      continue;
    }
    for (const [name, value] of Object.entries(m.groups ?? {})) if (value !== undefined) values[name] = value.trim();
  }
  const data: Record<string, string> = {};
  if (!strict || misses.length === 0)
    for (const d of config.data ?? []) {
      const value = d.pattern && d.name.trim() ? run(d.pattern, d.field)?.[1] : undefined;
      if (value !== undefined) data[d.name.trim()] = cut(value.trim(), DATA_VALUE_MAX);
    }
  return { values: { ...values, ...data }, data, misses };
}

function evaluate(config: ParserConfig, email: ParserEmail): ParseOutcome {
  const { values, data, misses } = readValues(config, email, true);
  const miss = misses[0];
  if (miss) return { type: 'REJECTED', reason: `${matchFieldLabels[miss]} komt niet overeen met /${config.match![miss]}/` };

  const groupKey = config.group ? renderTemplate(config.group.key, values) : '';
  if (config.heartbeat) return { type: 'MATCHED', heartbeat: groupKey };
  if (config.recovery && compile(config.recovery.pattern).test(fieldText(email, config.recovery.field))) return { type: 'MATCHED', resolve: groupKey };
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
  const where = config.location;
  const whereText = where
    ? (MATCH_FIELDS as readonly string[]).includes(where.field)
      ? fieldText(email, where.field as MatchField)
      : data[where.field]
    : undefined;
  // First row that matches wins; a data field that was not found names no location.
  const locationId = whereText === undefined ? null : (where!.map.find((rule) => compile(rule.pattern).test(whereText))?.locationId ?? null);
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
    locationId,
    locationRef: null,
  };
}
