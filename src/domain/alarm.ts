/**
 * Alarms: the list item and the detail, what a script or a phone call
 * may create, the single-field changes, list queries and the counts.
 */
import * as v from 'valibot';
import { PRIORITIES, prioritySchema } from './alarm-dashboard';
import { idListSchema, idSchema, plainTextRecord } from './common';

export const ALARM_LINE_MAX = 512;
export const ALARM_NOTES_MAX = 10_000;
export const ALARM_DATA_MAX_KEYS = 100;
/** At most this many alarms in one move or delete. */
export const MAX_ALARMS_PER_CALL = 5000;

const line = v.pipe(
  v.string('De melding moet worden opgegeven.'),
  v.trim(),
  v.nonEmpty('De melding moet worden opgegeven.'),
  v.maxLength(ALARM_LINE_MAX, `De melding mag maximaal ${ALARM_LINE_MAX} tekens lang zijn.`),
);

/** A flat object of extracted strings. */
const alarmDataSchema = v.pipe(
  v.record(
    v.pipe(v.string(), v.nonEmpty('Een veldnaam mag niet leeg zijn.'), v.maxLength(64, 'Een veldnaam mag maximaal 64 tekens lang zijn.')),
    v.pipe(v.string('Elke waarde in data moet tekst zijn.'), v.maxLength(2000, 'Een waarde in data mag maximaal 2000 tekens lang zijn.')),
    'Data moet een object met tekstwaarden zijn.',
  ),
  v.check((data) => Object.keys(data).length <= ALARM_DATA_MAX_KEYS, `Data mag hoogstens ${ALARM_DATA_MAX_KEYS} velden hebben.`),
);

/** An instant with its offset or Z, e.g. `2026-11-23T14:00:00+01:00`. */
export const instantSchema = v.pipe(
  v.string('Geef een tijdstip als 2026-11-23T14:00:00+01:00.'),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, 'Geef een tijdstip als 2026-11-23T14:00:00+01:00.'),
  v.check((s) => !Number.isNaN(Date.parse(s)), 'Dit tijdstip bestaat niet.'),
  v.transform((s) => Math.floor(Date.parse(s) / 1000)),
);

export const alarmIdsSchema = idListSchema(
  'De alarmen moeten een komma-gescheiden lijst van ids zijn.',
  MAX_ALARMS_PER_CALL,
  `Hoogstens ${MAX_ALARMS_PER_CALL} alarmen tegelijk.`,
);

export const ALARM_KEY_MAX = 256;
/** The grouping key: while an alarm with it is in a relevant folder, a repeat adds an occurrence (PagerDuty's dedup key). */
export const alarmKeySchema = v.pipe(
  v.string('De sleutel moet tekst zijn.'),
  v.trim(),
  v.nonEmpty('De sleutel mag niet leeg zijn.'),
  v.maxLength(ALARM_KEY_MAX, `De sleutel mag maximaal ${ALARM_KEY_MAX} tekens lang zijn.`),
);

export const createAlarmSchema = v.object({
  dashboardId: idSchema,
  line,
  key: v.optional(v.nullable(alarmKeySchema)),
  priority: v.optional(prioritySchema),
  data: v.optional(alarmDataSchema),
  deadlineAt: v.optional(v.nullable(instantSchema)),
  folderId: v.optional(v.nullable(idSchema)),
  /** A location of the dashboard's organization. */
  locationId: v.optional(v.nullable(idSchema)),
});
export type CreateAlarm = v.InferOutput<typeof createAlarmSchema>;

const RESOLUTIONS = ['USER', 'RECOVERY', 'API', 'MAINTENANCE', 'SYSTEM'] as const;
export type ResolutionBy = (typeof RESOLUTIONS)[number];
/** How an alarm left the relevant folders: by whom, and the recovery e-mail when one resolved it. */
const resolutionSchema = v.nullable(v.object({ by: v.picklist(RESOLUTIONS), userId: v.optional(v.number()), alarmEmailId: v.optional(v.number()) }));
export type Resolution = v.InferOutput<typeof resolutionSchema>;

/** `true` or `false`, also as a query string's text. */
export const booleanParam = (name: string) =>
  v.union(
    [
      v.boolean(),
      v.pipe(
        v.picklist(['true', 'false']),
        v.transform((s) => s === 'true'),
      ),
    ],
    `Geef ${name} als true of false.`,
  );

const byAlarm = { alarmId: idSchema };
export const alarmDeadlineSchema = v.object({ ...byAlarm, deadlineAt: v.nullable(instantSchema) });
export const alarmNotesSchema = v.object({
  ...byAlarm,
  notes: v.pipe(
    v.string('De notities moeten tekst zijn.'),
    v.maxLength(ALARM_NOTES_MAX, `De notities mogen maximaal ${ALARM_NOTES_MAX.toLocaleString('nl-NL')} tekens lang zijn.`),
  ),
});
export const alarmFolderSchema = v.object({ ...byAlarm, folderId: idSchema });
export const alarmPrioritySchema = v.object({ ...byAlarm, priority: prioritySchema });
export const alarmSeenSchema = v.object({ ...byAlarm, seen: v.boolean('Geef seen als true of false.') });
export const assigneeSchema = v.object({ ...byAlarm, userId: idSchema });

/**
 * Where an alarm came from, derived from what is stored: an e-mail (or a mail
 * source's silence), a hook or API call with an ingest token, an energy rule, or a user in the
 * console (by hand, e.g. after a phone call).
 */
const ALARM_SOURCES = ['MAIL', 'HOOK', 'ENERGY', 'MANUAL'] as const;
export type AlarmSource = (typeof ALARM_SOURCES)[number];
export const alarmSourceLabels: Record<AlarmSource, string> = {
  MAIL: 'Uit een e-mail',
  HOOK: 'Via een koppeling (API)',
  ENERGY: 'Door een energieregel',
  MANUAL: 'Handmatig aangemaakt (bijv. telefonisch)',
};

export const alarmListItemSchema = v.object({
  id: v.number(),
  line: v.string(),
  priority: v.picklist(PRIORITIES),
  receivedAt: v.string(),
  deadlineAt: v.nullable(v.string()),
  assignees: v.array(v.number()),
  seen: v.boolean(),
  occurrences: v.number(),
  key: v.nullable(v.string()),
  lastOccurredAt: v.string(),
  acknowledgedAt: v.nullable(v.string()),
  resolvedAt: v.nullable(v.string()),
  /** The alarm of the same key resolved less than 24 h before this one was raised: it is flapping. */
  previousAlarmId: v.nullable(v.number()),
  /** The customer location the alarm is about. */
  location: v.nullable(v.object({ id: v.number(), name: v.string() })),
  /** Where the alarm came from. */
  source: v.picklist(ALARM_SOURCES),
});
export type AlarmListItem = v.InferOutput<typeof alarmListItemSchema>;

/** A dashboard-wide list's item: where the alarm is. */
export const alarmInFolderSchema = v.object({ ...alarmListItemSchema.entries, folderId: v.number() });
export type AlarmInFolder = v.InferOutput<typeof alarmInFolderSchema>;

export const alarmDetailSchema = v.object({
  ...alarmListItemSchema.entries,
  data: plainTextRecord('Data moet een object met tekstwaarden zijn.'),
  notes: v.string(),
  folderId: v.number(),
  alarmEmailId: v.nullable(v.number()),
  resolution: resolutionSchema,
});
export type AlarmDetail = v.InferOutput<typeof alarmDetailSchema>;

/** A location id that is not of the dashboard's organization (or does not exist). */
export const FOREIGN_LOCATION = 'Deze locatie hoort niet bij de organisatie van dit dashboard.';

/** The buckets of the periodic alarm count (the measurements' granularities are another list). */
export const ALARM_COUNT_GRANULARITIES = ['day', 'week', 'month'] as const;
export const localDaySchema = (field: string) =>
  v.pipe(
    v.string(`${field} moet een datum zijn als 2026-01-31.`),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, `${field} moet een datum zijn als 2026-01-31.`),
    v.check((s) => {
      const day = Date.parse(`${s}T00:00:00Z`);
      return !Number.isNaN(day) && new Date(day).toISOString().startsWith(s);
    }, `${field} bestaat niet.`),
  );
export const MAX_PERIODIC_BUCKETS = 1100;
export const periodicCountSchema = v.pipe(
  v.object({
    dashboardId: idSchema,
    from: localDaySchema('from'),
    to: localDaySchema('to'),
    granularity: v.picklist(ALARM_COUNT_GRANULARITIES, 'De indeling moet day, week of month zijn.'),
  }),
  v.forward(
    v.check((q) => q.from < q.to, '`to` moet na `from` liggen.'),
    ['to'],
  ),
);
export const periodicCountItemSchema = v.object({ date: v.string(), low: v.number(), medium: v.number(), high: v.number() });
export const priorityCountSchema = v.object({ priority: v.picklist(PRIORITIES), count: v.number() });
