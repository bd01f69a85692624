/**
 * The line template's live preview: the values a DEFAULT config would find in a stored e-mail
 * (subject, from, the named groups of the match patterns, the data fields), worked out in the
 * browser as the pipeline does, so the preview follows every keystroke without a request. The
 * dry run asks the server for the real answer.
 */
import { MATCH_FIELDS, type MatchField, compilePattern, renderTemplate } from '@/domain/alarm-parser';
import type { DefaultValues } from './parser-form-values';

export interface SampleEmail {
  subject: string;
  /** The From header as shown: `Naam <adres>`, several joined by `, `. */
  from: string;
  text: string;
}

/** A pattern runs in this page, so a huge body is cut; the server reads the whole e-mail. */
const TEXT_LIMIT = 100_000;

export interface Preview {
  line: string;
  /** The match fields whose pattern does not match this e-mail (then the parser would reject it). */
  misses: MatchField[];
}

export function previewLine(config: Pick<DefaultValues['config'], 'match' | 'data' | 'line'>, email: SampleEmail): Preview {
  const fields: Record<MatchField, string> = { from: email.from, subject: email.subject, body: email.text.slice(0, TEXT_LIMIT) };
  const values: Record<string, string | undefined> = { subject: email.subject, from: email.from };
  const misses: MatchField[] = [];
  for (const field of MATCH_FIELDS) {
    const pattern = config.match[field].trim();
    if (!pattern) continue;
    const match = compilePattern(pattern)?.exec(fields[field]);
    if (match) Object.assign(values, match.groups);
    else misses.push(field);
  }
  for (const { name, field, pattern } of config.data) {
    const match = pattern ? compilePattern(pattern)?.exec(fields[field]) : null;
    if (name.trim() && match?.[1] !== undefined) values[name.trim()] = match[1];
  }
  return { line: renderTemplate(config.line, values), misses };
}
