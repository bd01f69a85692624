/**
 * The parser forms' values and their validation. The values mirror a parser draft (`name`,
 * `config.match.subject`, `config.priority[0].pattern`, …) so the shared schema's issues and the
 * server's field errors name the form's own fields; inputs hold text, so numbers and "none
 * chosen" are read from it before `parserDraftSchema` checks the draft.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import * as v from 'valibot';
import type { Priority } from '@/domain/alarm-dashboard';
import { EXAMPLE_CUSTOM_CODE, type MatchField, type Parser, type ParserConfig, type ParserType, parserDraftSchema } from '@/domain/alarm-parser';

interface PriorityRuleValues {
  field: MatchField;
  pattern: string;
  priority: Priority;
}
interface DataFieldValues {
  name: string;
  field: MatchField;
  pattern: string;
}
interface LocationRuleValues {
  pattern: string;
  locationId: string;
}
export interface DefaultValues {
  type: 'DEFAULT';
  name: string;
  enabled: boolean;
  /** '' = every source */
  sourceId: string;
  /** Whether `config.group` is sent at all. */
  grouping: boolean;
  /** Whether `config.recovery` is sent (else null). */
  recovering: boolean;
  /** Whether `config.heartbeat` is sent (else null). */
  beating: boolean;
  /** Whether `config.location` is sent. */
  locating: boolean;
  config: {
    match: Record<MatchField, string>;
    line: string;
    priority: PriorityRuleValues[];
    data: DataFieldValues[];
    deadlineMinutes: string;
    /** '' = the source's folder, else the dashboard's default */
    folderId: string;
    group: { key: string; windowMinutes: string };
    recovery: { field: MatchField; pattern: string };
    heartbeat: { everyMinutes: string };
    /** `field`: from, subject, body or a data name; `locationId` '' until one is chosen. */
    location: { field: string; map: LocationRuleValues[] };
  };
}
export interface CustomValues {
  type: 'CUSTOM';
  name: string;
  enabled: boolean;
  code: string;
}
export type ParserValues = DefaultValues | CustomValues;

const text = (n: number | null | undefined) => (n == null ? '' : String(n));
const number = (s: string) => (s.trim() === '' ? NaN : Number(s.trim()));
const id = (s: string) => (s === '' ? null : Number(s));

function defaultValues(parser?: Extract<Parser, { type: 'DEFAULT' }>): DefaultValues {
  const config: Partial<ParserConfig> = parser?.config ?? {};
  return {
    type: 'DEFAULT',
    name: parser?.name ?? '',
    enabled: parser?.enabled ?? true,
    sourceId: text(parser?.sourceId),
    grouping: Boolean(config.group),
    recovering: Boolean(config.recovery),
    beating: Boolean(config.heartbeat),
    locating: Boolean(config.location),
    config: {
      match: { from: config.match?.from ?? '', subject: config.match?.subject ?? '', body: config.match?.body ?? '' },
      line: config.line ?? '{{subject}}',
      priority: (config.priority ?? []).map((r) => ({ ...r })),
      data: (config.data ?? []).map((d) => ({ ...d })),
      deadlineMinutes: text(config.deadlineMinutes),
      folderId: text(config.folderId),
      group: { key: config.group?.key ?? '{{subject}}', windowMinutes: text(config.group?.windowMinutes ?? 60) },
      recovery: { field: config.recovery?.field ?? 'subject', pattern: config.recovery?.pattern ?? '' },
      heartbeat: { everyMinutes: text(config.heartbeat?.everyMinutes ?? 1440) },
      location: {
        field: config.location?.field ?? 'from',
        map: (config.location?.map ?? []).map((r) => ({ pattern: r.pattern, locationId: String(r.locationId) })),
      },
    },
  };
}

/** The form's values for a new parser of this type (CUSTOM starts from the example) or for a stored one. */
export function parserValues(type: ParserType, parser?: Parser): ParserValues {
  if (type === 'DEFAULT') return defaultValues(parser?.type === 'DEFAULT' ? parser : undefined);
  return { type: 'CUSTOM', name: parser?.name ?? '', enabled: parser?.enabled ?? true, code: parser?.type === 'CUSTOM' ? parser.code : EXAMPLE_CUSTOM_CODE };
}

/** The draft the values stand for, before the shared schema checks it. */
export function draftOf(values: ParserValues): unknown {
  const { name, enabled } = values;
  if (values.type === 'CUSTOM') return { type: 'CUSTOM', name, enabled, code: values.code };
  const { match, line, priority, data, deadlineMinutes, folderId, group, recovery, heartbeat, location } = values.config;
  return {
    type: 'DEFAULT',
    name,
    enabled,
    sourceId: id(values.sourceId),
    config: {
      match: Object.fromEntries(Object.entries(match).filter(([, pattern]) => pattern.trim() !== '')),
      line,
      priority,
      data: data.map((d) => ({ ...d, name: d.name.trim() })),
      deadlineMinutes: deadlineMinutes.trim() === '' ? null : number(deadlineMinutes),
      folderId: id(folderId),
      group: values.grouping ? { key: group.key, windowMinutes: number(group.windowMinutes) } : null,
      // Left out when off, so a config without them reads as before they existed (a PATCH replaces the config whole).
      ...(values.recovering ? { recovery } : {}),
      ...(values.beating ? { heartbeat: { everyMinutes: number(heartbeat.everyMinutes) } } : {}),
      ...(values.locating
        ? { location: { field: location.field, map: location.map.map((r) => ({ pattern: r.pattern, locationId: number(r.locationId) })) } }
        : {}),
    },
  };
}

/** The checked draft, as create, update and the dry run take it. Throws on invalid values. */
export const parsedDraft = (values: ParserValues) => v.parse(parserDraftSchema, draftOf(values));

/**
 * The shared schema as the form's validator: it checks the draft of the values, and its issues'
 * paths are the form's field names (TanStack Form turns `config.priority.0` into `config.priority[0]`).
 */
export const parserFormSchema: StandardSchemaV1<ParserValues, unknown> = {
  '~standard': {
    version: 1,
    vendor: 'parser-form',
    validate: (values) => {
      const result = v.safeParse(parserDraftSchema, draftOf(values as ParserValues));
      return result.success
        ? { value: result.output }
        : { issues: result.issues.map((i) => ({ message: i.message, path: i.path?.map((p) => p.key as PropertyKey) })) };
    },
  },
};

/**
 * The form field a server error key names (`config.priority.0.pattern` → `config.priority[0].pattern`;
 * a dry run's `parser.config.line` → `config.line`), or null when the form has no such field.
 */
export function formFieldOf(key: string, values: ParserValues): string | null {
  let current: unknown = values;
  let name = '';
  for (const segment of key.replace(/^parser\./, '').split('.')) {
    if (Array.isArray(current) && /^\d+$/.test(segment)) name += `[${segment}]`;
    else if (current && typeof current === 'object' && Object.hasOwn(current, segment)) name += (name ? '.' : '') + segment;
    else return null;
    current = (current as Record<string, unknown>)[segment];
  }
  return name || null;
}
