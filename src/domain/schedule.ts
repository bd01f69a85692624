/**
 * On-call schedules (piketdienst): schemas and Dutch texts shared by the forms, tRPC and REST.
 * Times a person types are local Europe/Amsterdam wall times ('YYYY-MM-DDTHH:mm', 'HH:mm');
 * answers about the rota (shifts, on call) are instants in ISO with their offset.
 */
import * as v from 'valibot';
import { idSchema } from './common';
import { requiredText } from './text';

const SCHEDULE_NAME_MAX = 100;
const LAYER_NAME_MAX = 100;
const LAYERS_MAX = 10;
const LAYER_USERS_MAX = 50;
export const RESTRICTIONS_MAX = 14;
/** The longest period `shifts` answers (a year, a leap year included). */
export const SHIFTS_MAX_DAYS = 366;
/** How far ahead the personal calendar feed reaches. */
export const CALENDAR_WEEKS = 8;
/** The `layer` of a shift that an override fills; no layer may be called this. */
export const OVERRIDE_LAYER = 'override';

export const SCHEDULE_ABSENT = 'Dit rooster bestaat niet.';
export const OVERRIDE_ABSENT = 'Deze vervanging bestaat niet.';
export const NOT_A_MEMBER = 'Kies een beheerder of een installateur van deze organisatie.';

export const SHIFT_UNITS = ['DAY', 'WEEK'] as const;
export const shiftUnitLabels: Record<(typeof SHIFT_UNITS)[number], { one: string; many: string }> = {
  DAY: { one: 'dag', many: 'dagen' },
  WEEK: { one: 'week', many: 'weken' },
};
/** ISO weekdays 1 (Monday) to 7 (Sunday), short. */
export const weekdayLabels = ['ma', 'di', 'wo', 'do', 'vr', 'za', 'zo'] as const;

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const LOCAL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Is 'YYYY-MM-DDTHH:mm' a real calendar date and clock time (no 31 February, no 24:00)? */
function isCalendarDateTime(s: string) {
  const m = LOCAL_DATE_TIME.exec(s);
  if (!m) return false;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 2000 && y <= 2200 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60;
}

/** A local wall time as a person types it: '2026-10-24T18:00' (Europe/Amsterdam). */
const localDateTimeSchema = (what: string) =>
  v.pipe(
    v.string(`Geef ${what} als 2026-10-24T18:00 (Nederlandse tijd).`),
    v.regex(LOCAL_DATE_TIME, `Geef ${what} als 2026-10-24T18:00 (Nederlandse tijd).`),
    v.check(isCalendarDateTime, `${what[0]!.toUpperCase()}${what.slice(1)} bestaat niet: kies een geldige datum en tijd.`),
  );

const timeOfDay = (what: string) => v.pipe(v.string(`Geef ${what} als 18:00.`), v.regex(LOCAL_TIME, `Geef ${what} als 18:00 (uren 00–23, minuten 00–59).`));

const restrictionSchema = v.object({
  days: v.pipe(
    v.array(
      v.pipe(
        v.number('Een dag is een getal van 1 (maandag) tot 7 (zondag).'),
        v.integer('Een dag is een getal van 1 (maandag) tot 7 (zondag).'),
        v.minValue(1, 'Een dag is een getal van 1 (maandag) tot 7 (zondag).'),
        v.maxValue(7, 'Een dag is een getal van 1 (maandag) tot 7 (zondag).'),
      ),
      'Kies de dagen als lijst van 1 (maandag) tot 7 (zondag).',
    ),
    v.minLength(1, 'Kies minstens één dag.'),
    v.transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  ),
  from: timeOfDay('het begin'),
  to: timeOfDay('het einde'),
});

export const layerSchema = v.object({
  name: v.pipe(
    requiredText(LAYER_NAME_MAX, 'Geef de laag een naam.', `De naam van de laag mag maximaal ${LAYER_NAME_MAX} tekens lang zijn.`),
    v.check((s) => s.toLowerCase() !== OVERRIDE_LAYER, `De naam '${OVERRIDE_LAYER}' is gereserveerd voor vervangingen.`),
  ),
  users: v.pipe(
    v.array(idSchema, 'Kies de mensen van de laag, in volgorde van hun beurt.'),
    v.minLength(1, 'Kies minstens één persoon voor deze laag.'),
    v.maxLength(LAYER_USERS_MAX, `Een laag heeft hoogstens ${LAYER_USERS_MAX} mensen.`),
  ),
  start: localDateTimeSchema('het begin'),
  shift: v.object(
    {
      unit: v.picklist(SHIFT_UNITS, 'Een dienst duurt een aantal dagen (DAY) of weken (WEEK).'),
      count: v.pipe(
        v.number('Een dienst duurt 1 tot 4 dagen of weken.'),
        v.integer('Een dienst duurt 1 tot 4 dagen of weken.'),
        v.minValue(1, 'Een dienst duurt 1 tot 4 dagen of weken.'),
        v.maxValue(4, 'Een dienst duurt 1 tot 4 dagen of weken.'),
      ),
    },
    'Geef de lengte van een dienst als {unit, count}.',
  ),
  restrictions: v.optional(
    v.pipe(
      v.array(restrictionSchema, 'Geef de beperkingen als lijst van {days, from, to}.'),
      v.maxLength(RESTRICTIONS_MAX, `Een laag heeft hoogstens ${RESTRICTIONS_MAX} beperkingen.`),
    ),
  ),
});
export type Layer = v.InferOutput<typeof layerSchema>;

const scheduleName = requiredText(
  SCHEDULE_NAME_MAX,
  'Geef het rooster een naam.',
  `De naam van het rooster mag maximaal ${SCHEDULE_NAME_MAX} tekens lang zijn.`,
);
const layers = v.pipe(v.array(layerSchema, 'Geef de lagen als lijst.'), v.maxLength(LAYERS_MAX, `Een rooster heeft hoogstens ${LAYERS_MAX} lagen.`));

export const createScheduleSchema = v.object({ organizationId: idSchema, name: scheduleName, layers: v.optional(layers, []) });
export type CreateSchedule = v.InferOutput<typeof createScheduleSchema>;

export const updateScheduleSchema = v.object({ scheduleId: idSchema, name: v.optional(scheduleName), layers: v.optional(layers) });
export type UpdateSchedule = v.InferOutput<typeof updateScheduleSchema>;

export const createOverrideSchema = v.pipe(
  v.object({
    scheduleId: idSchema,
    userId: idSchema,
    from: localDateTimeSchema('het begin'),
    to: localDateTimeSchema('het einde'),
  }),
  v.forward(
    // Only between two valid times: a malformed begin already has its own message.
    v.check((o) => !isCalendarDateTime(o.from) || !isCalendarDateTime(o.to) || o.from < o.to, 'Het einde moet na het begin liggen.'),
    ['to'],
  ),
);
export type CreateOverride = v.InferOutput<typeof createOverrideSchema>;

/**
 * A moment in a query string: an instant with its offset ('2026-10-25T02:30:00+01:00', 'Z'), or a
 * local date or wall time ('2026-10-25', '2026-10-25T08:00'), read in Europe/Amsterdam.
 */
const momentSchema = (what: string) =>
  v.pipe(
    v.string(`Geef ${what} als 2026-10-25T08:00:00+01:00 of 2026-10-25.`),
    v.regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+ -]\d{2}:\d{2})?)?$/, `Geef ${what} als 2026-10-25T08:00:00+01:00 of 2026-10-25.`),
    // An unencoded '+' in a query string arrives as a space.
    v.transform((s) => s.replace(' ', '+')),
  );

export const onCallQuerySchema = v.object({ scheduleId: idSchema, at: v.optional(momentSchema('het tijdstip')) });
export const shiftsQuerySchema = v.object({ scheduleId: idSchema, from: momentSchema('het begin'), to: momentSchema('het einde') });

const onCallUserSchema = v.object({ id: v.number(), name: v.string() });

export const scheduleSchema = v.object({
  id: v.number(),
  organizationId: v.number(),
  organizationName: v.string(),
  name: v.string(),
  layers: v.array(
    v.object({
      name: v.string(),
      users: v.array(v.number()),
      start: v.string(),
      shift: v.object({ unit: v.picklist(SHIFT_UNITS), count: v.number() }),
      restrictions: v.optional(v.array(v.object({ days: v.array(v.number()), from: v.string(), to: v.string() }))),
    }),
  ),
  /** Overrides that have not ended yet, soonest first ('YYYY-MM-DDTHH:mm', local). */
  overrides: v.array(v.object({ id: v.number(), userId: v.number(), name: v.string(), from: v.string(), to: v.string() })),
});
export type Schedule = v.InferOutput<typeof scheduleSchema>;

export const overrideSchema = v.object({ id: v.number(), scheduleId: v.number(), userId: v.number(), name: v.string(), from: v.string(), to: v.string() });

export const onCallSchema = v.object({
  users: v.array(onCallUserSchema),
  /** The next change, in ISO with offset; null when nothing changes within a year. */
  until: v.nullable(v.string()),
});
export type OnCall = v.InferOutput<typeof onCallSchema>;

const shiftSchema = v.object({
  userId: v.number(),
  name: v.string(),
  start: v.string(),
  end: v.string(),
  /** The layer's name, or 'override'. */
  layer: v.string(),
});
export type Shift = v.InferOutput<typeof shiftSchema>;
export const shiftsSchema = v.object({ shifts: v.array(shiftSchema) });

/** The schedules page: every schedule the caller may see, with who is on call now. */
export const scheduleSummarySchema = v.object({
  id: v.number(),
  name: v.string(),
  organizationId: v.number(),
  organizationName: v.string(),
  layers: v.number(),
  onCall: onCallSchema,
});

/** Who may be on a schedule of an organization: every admin and its installers. */
export const scheduleMemberSchema = v.object({ id: v.number(), name: v.string(), type: v.picklist(['admin', 'installer']) });
export type ScheduleMember = v.InferOutput<typeof scheduleMemberSchema>;

export const calendarUrlSchema = v.object({ url: v.string() });
