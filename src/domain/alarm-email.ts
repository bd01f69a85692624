/** Stored alarm e-mails and their parsing attempts. */
import * as v from 'valibot';
import { idSchema } from './common';
import { pageSizeFields } from './paging';

export const PARSING_STATUSES = ['PENDING', 'MATCHED', 'REJECTED'] as const;
export const parsingStatusLabels = { PENDING: 'Wacht op verwerking', MATCHED: 'Alarm gemaakt', REJECTED: 'Geen alarm' } as const;

const address = v.object({ address: v.string(), name: v.string() });

/**
 * What a MATCHED e-mail was besides an alarm: a recovery (with how many open alarms it resolved)
 * or a sign of life. Absent for an alarm, and for an e-mail not matched.
 */
const signalSchema = v.optional(v.object({ type: v.picklist(['RECOVERY', 'HEARTBEAT']), resolved: v.optional(v.number()) }));
export type EmailSignal = NonNullable<v.InferOutput<typeof signalSchema>>;

/** The inbox's word for an e-mail: "Alarm gemaakt", or for a recovery "Herstelmelding (2 opgelost)". */
export function parsingStatusLabel(status: (typeof PARSING_STATUSES)[number], signal?: EmailSignal) {
  if (status !== 'MATCHED' || !signal) return parsingStatusLabels[status];
  if (signal.type === 'HEARTBEAT') return 'Hartslag';
  return `Herstelmelding (${signal.resolved ?? 0} opgelost)`;
}

export const emailOverviewSchema = v.object({
  id: v.number(),
  from: v.array(address),
  to: v.array(address),
  readAt: v.nullable(v.string()),
  parsedAt: v.nullable(v.string()),
  subject: v.nullable(v.string()),
  parsingStatus: v.picklist(PARSING_STATUSES),
  signal: signalSchema,
  receivedAt: v.string(),
});

export const emailSchema = v.object({
  id: v.number(),
  readAt: v.nullable(v.string()),
  message: v.string(),
  messageId: v.nullable(v.string()),
  subject: v.nullable(v.string()),
  from: v.array(address),
  to: v.array(address),
  parsedAt: v.nullable(v.string()),
  receivedAt: v.string(),
  sentAt: v.nullable(v.string()),
  parsingStatus: v.picklist(PARSING_STATUSES),
  signal: signalSchema,
  /** Sanitized: no script, no event handlers, no remote loads; shown only in a sandboxed frame. */
  html: v.nullable(v.string()),
  headers: v.array(v.tuple([v.string(), v.string()])),
  sourceId: v.nullable(v.number()),
  rawSize: v.number(),
  rejectedReason: v.nullable(v.string()),
});

export const EMAIL_SORTS = ['receivedAt,desc', 'receivedAt,asc'] as const;
export const listEmailsSchema = v.object({
  dashboardId: idSchema,
  ...pageSizeFields,
  sort: v.optional(v.picklist(EMAIL_SORTS, 'Sorteer op receivedAt,desc of receivedAt,asc.'), 'receivedAt,desc'),
  status: v.optional(v.picklist(PARSING_STATUSES, 'De status moet PENDING, MATCHED of REJECTED zijn.')),
});

/** The inbox marks an e-mail read when it is opened (reading it over the API never does). */
export const emailReadSchema = v.object({ emailId: idSchema, read: v.boolean('Geef read als true of false.') });

export const parsingAttemptSchema = v.object({
  id: v.number(),
  timestamp: v.string(),
  parser: v.nullable(v.object({ id: v.nullable(v.number()), name: v.string() })),
  type: v.picklist(['MATCHED', 'FAILED', 'REJECTED']),
  exceptionType: v.optional(v.nullable(v.string())),
  exceptionMessage: v.optional(v.nullable(v.string())),
  exceptionStackTrace: v.optional(v.nullable(v.string())),
  reason: v.optional(v.nullable(v.string())),
  /** A recovery (MATCHED): how many open alarms it resolved. */
  resolved: v.optional(v.number()),
  /** A sign of life (MATCHED): the heartbeat key it renewed; empty for a parser without group. */
  heartbeat: v.optional(v.string()),
});
