/**
 * The line template's live preview: the values a DEFAULT config finds in a stored e-mail, read by
 * the pipeline's own `readValues` (every field, so the preview can name each one that misses).
 * Patterns are the user's, so this runs in a Web Worker (`preview-worker.ts`) under a time limit:
 * a catastrophic pattern typed halfway never freezes the page. The dry run asks the server.
 */
import { type MatchField, renderTemplate } from '@/domain/alarm-parser';
import { readValues } from '@/lib/default-parser';
import type { DefaultValues } from './parser-form-values';

export interface SampleEmail {
  subject: string;
  /** The From header as shown: `Naam <adres>`, several joined by `, `. */
  from: string;
  text: string;
}

export interface Preview {
  line: string;
  /** The match fields whose pattern does not match this e-mail (then the parser would reject it). */
  misses: MatchField[];
}

export type PreviewConfig = Pick<DefaultValues['config'], 'match' | 'data' | 'line'>;

export function previewLine(config: PreviewConfig, email: SampleEmail): Preview {
  const { values, misses } = readValues(config, email, false);
  return { line: renderTemplate(config.line, values), misses };
}
