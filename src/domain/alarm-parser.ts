/**
 * Alarm e-mail parsers: the DEFAULT
 * parser's declarative `config`, the CUSTOM parser's code, the e-mail a parser sees, what a parser
 * run yields and the dry-run answer. One schema serves the form, tRPC and REST.
 *
 * Decisions made here:
 * - Regular expressions are case-insensitive and multi-line (`im`: `^`/`$` match at line ends, so
 *   `^Status: (.+)$` reads one line of a body); at most 1,000 characters each.
 * - `from` is matched against the From header as shown (`Naam <adres>`, several joined by `, `);
 *   `body` against the text body (mailparser derives it from the HTML when there is no text part).
 * - A template names values as `{{name}}`: `subject`, `from`, a named group of a match pattern or
 *   a data field; an unknown name is refused on save. A data pattern without a match leaves the
 *   field out; a name whose value is absent renders as empty.
 * - A config without match patterns matches every e-mail (a catch-all as the last parser).
 * - `recovery` needs `group` (the key says which alarms recovered); `heartbeat` and `recovery`
 *   exclude each other (signs of life raise no alarms to recover). A heartbeat or recovery parser
 *   still has a `line`: one config shape, and turning the option off leaves a working parser.
 */
import * as v from 'valibot';
import { type Priority, prioritySchema } from './alarm-dashboard';
import { ALARM_LINE_MAX, alarmKeySchema } from './alarm';
import { idSchema } from './common';
import { requiredText } from './text';

export const PARSER_TYPES = ['DEFAULT', 'CUSTOM'] as const;
export type ParserType = (typeof PARSER_TYPES)[number];
export const parserTypeLabels: Record<ParserType, string> = { DEFAULT: 'Regels', CUSTOM: 'Code' };

export const MATCH_FIELDS = ['from', 'subject', 'body'] as const;
export type MatchField = (typeof MATCH_FIELDS)[number];
export const matchFieldLabels: Record<MatchField, string> = { from: 'Afzender', subject: 'Onderwerp', body: 'Tekst' };

const PATTERN_MAX = 1000;
const TEMPLATE_MAX = 1000;
export const PRIORITY_RULES_MAX = 20;
export const DATA_FIELDS_MAX = 30;
const CODE_MAX = 100_000;
/** Flags of every user regular expression. */
const REGEX_FLAGS = 'im';
/** Limits of one CUSTOM run and of one parser's regular expressions for one e-mail. */
export const PARSER_TIME_LIMIT_MS = 250;
export const PARSER_MEMORY_LIMIT_BYTES = 32 * 1024 * 1024;

/** The value names a template may always use. */
const BUILTIN_TEMPLATE_NAMES = ['subject', 'from'] as const;
const TEMPLATE_NAME = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
const NAMED_GROUP = /\(\?<([A-Za-z_$][A-Za-z0-9_$]*)>/g;

/** The names a template refers to, in order, without repeats. */
const templateNames = (template: string) => [...new Set([...template.matchAll(TEMPLATE_NAME)].map((m) => m[1]!))];

/** Fills `{{name}}` with the value (absent: empty), squeezing the whitespace a missing value leaves. */
export const renderTemplate = (template: string, values: Readonly<Record<string, string | undefined>>) =>
  template
    .replace(TEMPLATE_NAME, (_, name: string) => (Object.hasOwn(values, name) ? (values[name] ?? '') : ''))
    .replace(/\s+/g, ' ')
    .trim();

/** The named groups a pattern defines (`(?<name>…)`). */
const patternGroupNames = (pattern: string) => [...pattern.matchAll(NAMED_GROUP)].map((m) => m[1]!);

/** Compiles a user pattern as the pipeline does; `null` when it is not a valid expression. */
export function compilePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, REGEX_FLAGS);
  } catch {
    return null;
  }
}

/** How many capturing groups a valid pattern has. */
const groupCount = (pattern: string) => (compilePattern(pattern) ? new RegExp(`(?:${pattern})|`, REGEX_FLAGS).exec('')!.length - 1 : 0);

const pattern = (missing: string) =>
  v.pipe(
    v.string(missing),
    v.nonEmpty(missing),
    v.maxLength(PATTERN_MAX, `Een patroon mag maximaal ${PATTERN_MAX} tekens lang zijn.`),
    v.check((p) => compilePattern(p) !== null, 'Dit is geen geldige reguliere expressie.'),
  );
const optionalPattern = v.optional(
  v.pipe(
    v.string('Een patroon moet tekst zijn.'),
    v.transform((s) => s.trim() || undefined),
    v.optional(pattern('Een patroon moet tekst zijn.')),
  ),
);
const template = (missing: string) =>
  v.pipe(v.string(missing), v.trim(), v.nonEmpty(missing), v.maxLength(TEMPLATE_MAX, `Een sjabloon mag maximaal ${TEMPLATE_MAX} tekens lang zijn.`));
const fieldSchema = v.picklist(MATCH_FIELDS, 'Het veld moet from, subject of body zijn.');

const dataName = v.pipe(
  v.string('De naam van het gegeven moet worden opgegeven.'),
  v.nonEmpty('De naam van het gegeven moet worden opgegeven.'),
  v.maxLength(64, 'De naam van een gegeven mag maximaal 64 tekens lang zijn.'),
  v.regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Een naam bestaat uit letters, cijfers en _ en begint niet met een cijfer.'),
);

/** A strict object whose unknown key is named in Dutch; `shape` when the value is no object at all. */
const strict = <T extends v.ObjectEntries>(entries: T, shape: string) =>
  v.strictObject(entries, (issue) => (issue.expected === 'never' ? `Onbekend veld: ${String(issue.input)}.` : shape));

const priorityRule = strict(
  { field: fieldSchema, pattern: pattern('Het patroon van de prioriteitsregel moet worden opgegeven.'), priority: prioritySchema },
  'Een prioriteitsregel heeft field, pattern en priority.',
);
const dataField = v.pipe(
  strict(
    { name: dataName, field: fieldSchema, pattern: pattern('Het patroon van het gegeven moet worden opgegeven.') },
    'Een gegeven heeft name, field en pattern.',
  ),
  v.forward(
    v.check((d) => groupCount(d.pattern) > 0, 'Het patroon heeft een groep ( … ) nodig: die wordt de waarde.'),
    ['pattern'],
  ),
);

/** At most this many rows in a parser's location table. */
export const LOCATION_RULES_MAX = 200;
const locationRule = strict(
  { pattern: pattern('Het patroon van de locatieregel moet worden opgegeven.'), locationId: idSchema },
  'Een locatieregel heeft pattern en locationId.',
);
/**
 * Which location an alarm is about: the value of `field` (from, subject, body or a
 * data name) against each row's pattern; the first that matches names the location.
 */
const locationConfig = strict(
  {
    field: v.pipe(v.string('Het veld van de locatie moet worden opgegeven.'), v.nonEmpty('Het veld van de locatie moet worden opgegeven.')),
    map: v.pipe(
      v.array(locationRule, 'map is een lijst van locatieregels.'),
      v.maxLength(LOCATION_RULES_MAX, `Hoogstens ${LOCATION_RULES_MAX} locatieregels.`),
    ),
  },
  'location heeft field en map.',
);

const minutes = (max: number, message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(max, message));

/** The longest silence a heartbeat waits for (a week). */
export const HEARTBEAT_MINUTES_MAX = 10_080;
const RECOVERY_NEEDS_GROUP = 'Een herstelmelding heeft een groeperingssleutel nodig: die zegt welk alarm hersteld is.';
const HEARTBEAT_WITH_RECOVERY = 'Een hartslag maakt geen alarmen, dus heeft geen herstelmelding.';

/** The DEFAULT parser's `config` as stored. Unknown keys are refused. */
export const parserConfigSchema = v.pipe(
  strict(
    {
      match: v.optional(strict({ from: optionalPattern, subject: optionalPattern, body: optionalPattern }, 'match heeft alleen from, subject en body.'), {}),
      line: template('De melding (sjabloon) moet worden opgegeven.'),
      priority: v.optional(
        v.pipe(
          v.array(priorityRule, 'priority is een lijst van regels.'),
          v.maxLength(PRIORITY_RULES_MAX, `Hoogstens ${PRIORITY_RULES_MAX} prioriteitsregels.`),
        ),
      ),
      data: v.optional(
        v.pipe(
          v.array(dataField, 'data is een lijst van gegevens.'),
          v.maxLength(DATA_FIELDS_MAX, `Hoogstens ${DATA_FIELDS_MAX} gegevens.`),
          v.check((list) => new Set(list.map((d) => d.name)).size === list.length, 'Elk gegeven heeft een eigen naam.'),
        ),
      ),
      deadlineMinutes: v.optional(v.nullable(minutes(525_600, 'De deadline is een geheel aantal minuten tussen 1 en 525.600 (een jaar).'))),
      folderId: v.optional(v.nullable(idSchema)),
      group: v.optional(
        v.nullable(
          strict(
            {
              key: template('De groeperingssleutel (sjabloon) moet worden opgegeven.'),
              windowMinutes: minutes(10_080, 'Het groeperingsvenster is een geheel aantal minuten tussen 1 en 10.080 (een week).'),
            },
            'group heeft key en windowMinutes.',
          ),
        ),
      ),
      recovery: v.optional(
        v.nullable(
          strict({ field: fieldSchema, pattern: pattern('Het patroon van de herstelmelding moet worden opgegeven.') }, 'recovery heeft field en pattern.'),
        ),
      ),
      location: v.optional(v.nullable(locationConfig)),
      heartbeat: v.optional(
        v.nullable(
          strict(
            {
              everyMinutes: minutes(
                HEARTBEAT_MINUTES_MAX,
                `De hartslag is een geheel aantal minuten tussen 1 en ${HEARTBEAT_MINUTES_MAX.toLocaleString('nl-NL')} (een week).`,
              ),
            },
            'heartbeat heeft everyMinutes.',
          ),
        ),
      ),
    },
    'De configuratie moet een object zijn.',
  ),
  v.forward(
    v.check(
      (c) => unknownTemplateNames(c, c.line).length === 0,
      (issue) => `Onbekende naam in het sjabloon: {{${unknownTemplateNames(issue.input, issue.input.line)[0]}}}.`,
    ),
    ['line'],
  ),
  v.forward(
    v.check(
      (c) => !c.group || unknownTemplateNames(c, c.group.key).length === 0,
      (issue) => `Onbekende naam in de groeperingssleutel: {{${unknownTemplateNames(issue.input, issue.input.group!.key)[0]}}}.`,
    ),
    ['group', 'key'],
  ),
  v.forward(
    v.check((c) => !c.recovery || Boolean(c.group), RECOVERY_NEEDS_GROUP),
    ['recovery'],
  ),
  v.forward(
    v.check(
      (c) => !c.location || (MATCH_FIELDS as readonly string[]).includes(c.location.field) || (c.data ?? []).some((d) => d.name === c.location!.field),
      'Het veld van de locatie is from, subject, body of de naam van een gegeven.',
    ),
    ['location', 'field'],
  ),
  v.forward(
    v.check((c) => !c.recovery || !c.heartbeat, HEARTBEAT_WITH_RECOVERY),
    ['heartbeat'],
  ),
);
export type ParserConfig = v.InferOutput<typeof parserConfigSchema>;
type ConfigShape = { match?: Partial<Record<MatchField, string | undefined>>; data?: { name: string }[] };

/** Every value name a config's templates may use: builtins, named groups of the match patterns, data names. */
export function availableTemplateNames(config: ConfigShape): string[] {
  const groups = MATCH_FIELDS.flatMap((f) => (config.match?.[f] ? patternGroupNames(config.match[f]) : []));
  return [...new Set([...BUILTIN_TEMPLATE_NAMES, ...groups, ...(config.data ?? []).map((d) => d.name)])];
}
const unknownTemplateNames = (config: ConfigShape, text: string) => {
  const known = new Set(availableTemplateNames(config));
  return templateNames(text).filter((n) => !known.has(n));
};

const name = requiredText(64, 'De naam van de parser moet worden opgegeven.', 'De naam van de parser mag maximaal 64 tekens lang zijn.');
const code = v.pipe(
  v.string('De code moet worden opgegeven.'),
  v.nonEmpty('De code moet worden opgegeven.'),
  v.maxLength(CODE_MAX, `De code mag maximaal ${CODE_MAX.toLocaleString('nl-NL')} tekens lang zijn.`),
);
const indexSchema = v.pipe(
  v.number('De positie moet een getal zijn.'),
  v.integer('De positie moet een geheel getal zijn.'),
  v.minValue(0, 'De positie is minstens 0.'),
);
const sourceId = v.optional(v.nullable(idSchema), null);

/** A parser as written by the form or a script, before it has an id (also the dry-run's `parser`). */
export const parserDraftSchema = v.variant(
  'type',
  [
    v.object({ type: v.literal('DEFAULT'), name, enabled: v.optional(v.boolean('enabled is true of false.'), true), sourceId, config: parserConfigSchema }),
    v.object({ type: v.literal('CUSTOM'), name, enabled: v.optional(v.boolean('enabled is true of false.'), true), code }),
  ],
  'Het type moet DEFAULT of CUSTOM zijn.',
);
export type ParserDraft = v.InferOutput<typeof parserDraftSchema>;

export const createParserSchema = v.intersect([v.object({ dashboardId: idSchema, index: v.optional(indexSchema) }), parserDraftSchema]);
export type CreateParser = v.InferOutput<typeof createParserSchema>;

/** A PATCH: any field; `config`/`sourceId` only for DEFAULT, `code` only for CUSTOM (checked by the service). */
export const updateParserSchema = v.object({
  parserId: idSchema,
  name: v.optional(name),
  enabled: v.optional(v.boolean('enabled is true of false.')),
  index: v.optional(indexSchema),
  sourceId: v.optional(v.nullable(idSchema)),
  config: v.optional(parserConfigSchema),
  code: v.optional(code),
});
export type UpdateParser = v.InferOutput<typeof updateParserSchema>;

const outcomeCounts = v.object({ matched: v.number(), failed: v.number(), rejected: v.number() });
const parserBase = {
  id: v.number(),
  name: v.string(),
  index: v.number(),
  enabled: v.boolean(),
  /** Why the product switched it off, shown in the list; null otherwise. */
  disabledReason: v.nullable(v.string()),
  /** Attempts of the last 24 hours, which the parsers page shows beside each parser. */
  last24h: outcomeCounts,
};
export const parserSchema = v.variant('type', [
  v.object({ ...parserBase, type: v.literal('DEFAULT'), sourceId: v.nullable(v.number()), config: v.any() as v.GenericSchema<ParserConfig> }),
  v.object({ ...parserBase, type: v.literal('CUSTOM'), code: v.string() }),
]);
export type Parser = v.InferOutput<typeof parserSchema>;

export const parserSourceSchema = v.object({ id: v.number(), name: v.string() });

/** What a parser sees of an e-mail; also the argument of a CUSTOM `parse(email)`. */
export interface ParserEmail {
  subject: string;
  /** The From header as shown: `Naam <adres>`, several joined by `, `. */
  from: string;
  /** Each recipient as `Naam <adres>` or the bare address. */
  to: string[];
  /** When it was sent (ISO, UTC), else null. */
  date: string | null;
  text: string;
  html: string | null;
  /** Header names in lower case; a repeated header's values joined by a newline. */
  headers: Record<string, string>;
}

/** A match that raises (or groups into) an alarm. */
export interface AlarmMatch {
  type: 'MATCHED';
  line: string;
  priority: Priority | null;
  data: Record<string, string>;
  /** Epoch seconds; DEFAULT gives minutes from now instead. */
  deadlineAt: number | null;
  deadlineMinutes: number | null;
  /** DEFAULT: the config's folder id; CUSTOM: a folder name to resolve. */
  folderId: number | null;
  folderName: string | null;
  group: { key: string; windowMinutes: number } | null;
  /** DEFAULT: the location table's hit (a location deleted since falls back to none). */
  locationId: number | null;
  /** CUSTOM: a location's id or exact name, which must be of the dashboard's organization. */
  locationRef: number | string | null;
}

/**
 * The outcome of one parser run on one e-mail, as the sandbox reports it (nothing resolved yet).
 * Every MATCHED stops the chain: an alarm, a recovery (`resolve`: the key whose open alarms it
 * resolves; empty resolves none) or a sign of life (`heartbeat`: its key, empty per parser).
 */
export type ParseOutcome =
  | AlarmMatch
  | { type: 'MATCHED'; resolve: string }
  | { type: 'MATCHED'; heartbeat: string }
  | { type: 'REJECTED'; reason: string }
  | { type: 'FAILED'; exceptionType: string; exceptionMessage: string; exceptionStackTrace: string | null };

/** A CUSTOM match with a key but without `windowMinutes` groups repeats of the last hour. */
const DEFAULT_WINDOW_MINUTES = 60;

/** What a CUSTOM `parse(email)` may return to match (`{reject: reason}` or null rejects). */
export const customResultSchema = strict(
  {
    line: v.pipe(
      v.string('line moet tekst zijn.'),
      v.trim(),
      v.nonEmpty('line mag niet leeg zijn.'),
      v.maxLength(ALARM_LINE_MAX, `line mag maximaal ${ALARM_LINE_MAX} tekens lang zijn.`),
    ),
    priority: v.optional(v.nullable(prioritySchema)),
    data: v.optional(
      v.nullable(
        v.pipe(
          v.record(
            v.pipe(v.string(), v.maxLength(64, 'Een naam in data mag maximaal 64 tekens lang zijn.')),
            v.pipe(v.string('Elke waarde in data moet tekst zijn.'), v.maxLength(2000, 'Een waarde in data mag maximaal 2000 tekens lang zijn.')),
          ),
          v.check((d) => Object.keys(d).length <= 100, 'data mag hoogstens 100 velden hebben.'),
        ),
      ),
    ),
    /** An ISO instant (`new Date(…).toISOString()`) or epoch milliseconds. */
    deadlineAt: v.optional(
      v.nullable(
        v.union(
          [
            v.pipe(
              v.string(),
              v.check((s) => !Number.isNaN(Date.parse(s)), 'deadlineAt is geen geldig tijdstip.'),
            ),
            v.pipe(v.number(), v.finite()),
          ],
          'deadlineAt is een ISO-tijdstip of milliseconden sinds 1970.',
        ),
      ),
    ),
    folder: v.optional(v.nullable(v.string('folder is de naam van een map.'))),
    /** Groups repeats into the open alarm of this key, within `windowMinutes`. */
    key: v.optional(v.nullable(alarmKeySchema)),
    windowMinutes: v.optional(minutes(10_080, 'windowMinutes is een geheel aantal minuten tussen 1 en 10.080 (een week).'), DEFAULT_WINDOW_MINUTES),
    /** A location of the dashboard's organization: its id or its exact name. */
    location: v.optional(
      v.nullable(
        v.union(
          [v.pipe(v.number(), v.integer(), v.minValue(1)), v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(512))],
          'location is het id of de naam van een locatie.',
        ),
      ),
    ),
  },
  'parse(email) geeft een object met line terug, { resolve: sleutel }, { reject: reden } of null.',
);
/** `{resolve: key}` from a CUSTOM `parse(email)`: a recovery of the alarms with that key. */
export const customResolveSchema = strict({ resolve: alarmKeySchema }, 'resolve is de sleutel van de alarmen die hersteld zijn.');

/**
 * The recovery trap: a recovery resolves the open alarms of its own group key, and a key made from
 * the subject never matches, since a problem's subject and its recovery's differ ("PROBLEM: …" and
 * "RECOVERY: …", "… offline sinds 02:17"). Nothing would ever be resolved.
 */
const RECOVERY_SUBJECT_KEY_WARNING =
  'Let op: met {{subject}} in de groeperingssleutel lost een herstelmelding nooit iets op. Het onderwerp van een storing en dat van haar herstelmelding verschillen (PROBLEM tegenover RECOVERY), dus krijgen ze nooit dezelfde sleutel. Bouw de sleutel uit wat beide delen, zoals {{host}}/{{service}}: haal die met benoemde groepen uit het onderwerp, bijvoorbeeld (?<host>\\S+)/(?<service>\\S+).';

/** The warning and keys to propose when recovery is on and the group key uses the subject; null otherwise. */
export function recoveryKeyTrap(config: {
  match?: Partial<Record<MatchField, string | undefined>>;
  data?: { name: string }[];
  group?: { key: string } | null;
  recovery?: unknown;
}): { warning: string; suggestions: string[] } | null {
  if (!config.recovery || !config.group || !templateNames(config.group.key).includes('subject')) return null;
  const names = availableTemplateNames(config).filter((n) => n !== 'subject' && n !== 'from');
  const suggestions = [...(names.length >= 2 ? [`{{${names[0]}}}/{{${names[1]}}}`] : []), ...names.map((n) => `{{${n}}}`)].slice(0, 3);
  return { warning: RECOVERY_SUBJECT_KEY_WARNING, suggestions };
}

/** `POST …/dry-run`: the attempt a parser would record, nothing stored. */
export const dryRunResultSchema = v.object({
  type: v.picklist(['MATCHED', 'FAILED', 'REJECTED']),
  alarm: v.optional(
    v.object({
      line: v.string(),
      priority: prioritySchema,
      data: v.record(v.string(), v.string()),
      deadlineAt: v.nullable(v.string()),
      folderId: v.number(),
      location: v.nullable(v.object({ id: v.number(), name: v.string() })),
    }),
  ),
  /** A recovery: its key and the open alarms it would resolve. */
  resolve: v.optional(v.object({ key: v.string(), alarms: v.array(v.object({ id: v.number(), line: v.string() })) })),
  /** A sign of life: the heartbeat key it would renew. */
  heartbeat: v.optional(v.object({ key: v.string() })),
  reason: v.optional(v.string()),
  exceptionType: v.optional(v.string()),
  exceptionMessage: v.optional(v.string()),
  /** What the parser's settings will get wrong whatever the e-mail (a recovery that never resolves), in Dutch. */
  warnings: v.optional(v.array(v.string())),
});
export type DryRunResult = v.InferOutput<typeof dryRunResultSchema>;
export const dryRunSavedSchema = v.object({ parserId: idSchema, emailId: idSchema });
export const dryRunDraftSchema = v.object({ dashboardId: idSchema, emailId: idSchema, parser: parserDraftSchema });

/** A typical CUSTOM parser, the editor's starting point. */
export const EXAMPLE_CUSTOM_CODE = `// parse(email) krijgt { subject, from, to, date, text, html, headers }.
// Geef { line, priority?, data?, deadlineAt?, folder?, location? } terug voor een alarm,
// of { reject: 'reden' } / null als dit bericht geen alarm is.
function parse(email) {
  const m = /Alarm:\\s*(.+?)\\s+op\\s+(\\S+)/i.exec(email.subject);
  if (!m) return { reject: 'Geen alarmonderwerp' };
  const status = /^Status:\\s*(.+)$/im.exec(email.text);
  return {
    line: m[2] + ': ' + m[1],
    priority: /kritiek|storing|fault/i.test(email.text) ? 'HIGH' : 'MEDIUM',
    data: { installatie: m[2], status: status ? status[1].trim() : '' },
  };
}
`;
