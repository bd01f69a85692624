/**
 * The parsers page keeps the open parser in the URL: `?parser=12` edits (or, read-only, shows)
 * parser 12, `?parser=new&type=CUSTOM` writes a new one. Without `parser` the page lists them.
 */
import * as v from 'valibot';
import { PARSER_TYPES } from '@/domain/alarm-parser';

const positive = v.pipe(v.number(), v.integer(), v.minValue(1));

export const parsersSearchSchema = v.object({
  parser: v.fallback(v.optional(v.union([positive, v.literal('new')])), undefined),
  type: v.fallback(v.optional(v.picklist(PARSER_TYPES)), undefined),
});
export type ParsersSearch = v.InferOutput<typeof parsersSearchSchema>;
