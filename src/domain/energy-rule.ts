/**
 * Energy rules: a rule on one meter of a location raises alarms on one alarm
 * dashboard. One schema per type serves the form, tRPC and REST; the Dutch texts live here once.
 */
import * as v from 'valibot';
import { PRIORITIES, prioritySchema } from './alarm-dashboard';
import { documentedAs, idSchema } from './common';
import { requiredText } from './text';

export const ENERGY_RULE_TYPES = ['CAPACITY', 'MONTHLY_PEAK', 'BASE_LOAD', 'DAILY_ENERGY', 'NO_DATA'] as const;
export type EnergyRuleType = (typeof ENERGY_RULE_TYPES)[number];

export const energyRuleTypeLabels: Record<EnergyRuleType, string> = {
  CAPACITY: 'Gecontracteerd vermogen',
  MONTHLY_PEAK: 'Nieuwe maandpiek',
  BASE_LOAD: 'Basislast',
  DAILY_ENERGY: 'Dagenergie',
  NO_DATA: 'Geen meetgegevens',
};

/** What each type watches, for the form. */
export const energyRuleTypeHints: Record<EnergyRuleType, string> = {
  CAPACITY: 'Een kwartier met een gemiddeld vermogen boven de grens (één melding per dag).',
  MONTHLY_PEAK: 'Het hoogste kwartier van de maand stijgt boven de piek van vorige maand (één melding per maand).',
  BASE_LOAD: 'Het gemiddelde vermogen in een tijdvak van de dag (bijvoorbeeld ’s nachts) boven de grens.',
  DAILY_ENERGY: 'De energie van een dag buiten de grenzen (bijvoorbeeld te weinig zonne-opbrengst).',
  NO_DATA: 'Geen nieuwe meetwaarde binnen het aantal uren (opgelost zodra er weer gegevens zijn).',
};

const ENERGY_CHANNELS = ['import', 'export'] as const;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOf = (pattern: RegExp) => v.pipe(v.string('Geef een tijd als 01:00 (UU:MM).'), v.regex(pattern, 'Geef een tijd als 01:00 (UU:MM).'));
const hhmm = timeOf(HH_MM);
/** A window's end: also `24:00`, the end of the day (as `00:00`). */
const endHhmm = timeOf(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/);
const positive = (missing: string) =>
  v.pipe(v.number(missing), v.finite(missing), v.gtValue(0, 'De grens moet groter dan 0 zijn.'), v.maxValue(1_000_000, 'De grens is te groot.'));
const limitKw = positive('Geef de grens in kW.');
const optionalKwh = v.nullish(
  v.pipe(
    v.number('Geef een aantal kWh.'),
    v.finite('Geef een aantal kWh.'),
    v.minValue(0, 'Geef een aantal van 0 of meer.'),
    v.maxValue(10_000_000, 'Dit aantal is te groot.'),
  ),
  null,
);

const common = {
  name: requiredText(128, 'De naam van de regel moet worden opgegeven.', 'De naam van de regel mag maximaal 128 tekens lang zijn.'),
  enabled: v.optional(v.boolean('Aan of uit moet true of false zijn.'), true),
  meterId: v.pipe(v.number('Kies een meter.'), v.integer('Kies een meter.'), v.minValue(1, 'Kies een meter.')),
  dashboardId: v.pipe(v.number('Kies een alarmdashboard.'), v.integer('Kies een alarmdashboard.'), v.minValue(1, 'Kies een alarmdashboard.')),
  priority: v.optional(prioritySchema, 'MEDIUM'),
};

/**
 * A window of a local day: `to` at or before `from` ends on the next day (`22:00`–`06:00`, `20:00`–`00:00`);
 * that night belongs to the day it starts on.
 */
const baseLoad = v.pipe(
  v.object({ ...common, type: v.literal('BASE_LOAD'), limitKw, from: hhmm, to: endHhmm }),
  v.forward(
    v.check((r) => r.from !== r.to, 'Begin en einde van het tijdvak mogen niet gelijk zijn.'),
    ['to'],
  ),
);

const dailyEnergy = v.pipe(
  v.object({
    ...common,
    type: v.literal('DAILY_ENERGY'),
    channel: v.picklist(ENERGY_CHANNELS, 'Kies import of export.'),
    minKwh: optionalKwh,
    maxKwh: optionalKwh,
  }),
  v.forward(
    v.check((r) => r.minKwh !== null || r.maxKwh !== null, 'Geef een ondergrens, een bovengrens of beide.'),
    ['minKwh'],
  ),
  v.forward(
    v.check((r) => r.minKwh === null || r.maxKwh === null || r.minKwh < r.maxKwh, 'De bovengrens moet boven de ondergrens liggen.'),
    ['maxKwh'],
  ),
);

export const energyRuleInputSchema = v.variant(
  'type',
  [
    v.object({ ...common, type: v.literal('CAPACITY'), limitKw }),
    v.object({ ...common, type: v.literal('MONTHLY_PEAK') }),
    baseLoad,
    dailyEnergy,
    v.object({
      ...common,
      type: v.literal('NO_DATA'),
      hours: v.pipe(
        v.number('Geef een aantal uren.'),
        v.integer('Geef een geheel aantal uren.'),
        v.minValue(1, 'Minstens 1 uur.'),
        v.maxValue(720, 'Hoogstens 720 uur (30 dagen).'),
      ),
    }),
  ],
  'Kies een type: CAPACITY, MONTHLY_PEAK, BASE_LOAD, DAILY_ENERGY of NO_DATA.',
);
export type EnergyRuleInput = v.InferOutput<typeof energyRuleInputSchema>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** The type's own fields with the type (what evaluation reads). */
export type EnergyRuleConfig = DistributiveOmit<EnergyRuleInput, keyof typeof common>;

/**
 * PATCH: any of the fields; the stored rule fills in the rest and the whole is checked as on create
 * (so each field's Dutch message comes from that check). The document shows each field as the
 * types that have it define it.
 */
const fieldsOfTypes = new Map<string, v.GenericSchema[]>();
for (const option of energyRuleInputSchema.options)
  for (const [key, schema] of Object.entries(option.entries)) {
    const known = fieldsOfTypes.get(key) ?? [];
    if (!known.includes(schema)) fieldsOfTypes.set(key, [...known, schema]);
  }
const anyField = (key: string) => {
  const schemas = fieldsOfTypes.get(key)!;
  const documented = key === 'type' ? v.picklist(ENERGY_RULE_TYPES) : schemas.length === 1 ? schemas[0]! : v.union(schemas);
  return v.optional(documentedAs(v.unknown(), documented));
};
export const updateEnergyRuleSchema = v.object({
  ruleId: idSchema,
  name: anyField('name'),
  enabled: anyField('enabled'),
  meterId: anyField('meterId'),
  dashboardId: anyField('dashboardId'),
  priority: anyField('priority'),
  type: anyField('type'),
  limitKw: anyField('limitKw'),
  from: anyField('from'),
  to: anyField('to'),
  channel: anyField('channel'),
  minKwh: anyField('minKwh'),
  maxKwh: anyField('maxKwh'),
  hours: anyField('hours'),
});

export const energyRuleSchema = v.object({
  id: v.number(),
  locationId: v.number(),
  name: v.string(),
  enabled: v.boolean(),
  meterId: v.number(),
  dashboardId: v.number(),
  priority: v.picklist(PRIORITIES),
  type: v.picklist(ENERGY_RULE_TYPES),
  limitKw: v.optional(v.number()),
  from: v.optional(v.string()),
  to: v.optional(v.string()),
  channel: v.optional(v.picklist(ENERGY_CHANNELS)),
  minKwh: v.optional(v.nullable(v.number())),
  maxKwh: v.optional(v.nullable(v.number())),
  hours: v.optional(v.number()),
  createdAt: v.string(),
});
export type EnergyRule = v.InferOutput<typeof energyRuleSchema>;

const localDay = v.pipe(v.string('Geef een datum als 2026-11-25.'), v.isoDate('Geef een datum als 2026-11-25.'));
const period = {
  from: localDay,
  to: localDay,
};
/** At most a year and a day: a preview over a calendar year of a leap year fits. */
export const PREVIEW_MAX_DAYS = 366;
/** `to` after `from` is checked by the service (a piped object cannot be a tRPC input that merges). */
export const previewEnergyRuleSchema = v.object({ ruleId: idSchema, ...period });
export const previewUnsavedEnergyRuleSchema = v.object({ rule: energyRuleInputSchema, ...period });

const energyAlarmSchema = v.object({
  line: v.string(),
  priority: v.picklist(PRIORITIES),
  key: v.string(),
  data: v.record(v.string(), v.string()),
});
export type EnergyAlarm = v.InferOutput<typeof energyAlarmSchema>;
export const energyPreviewSchema = v.object({ alarms: v.array(energyAlarmSchema) });

/** The location's page: its meters with the newest value per channel, and its open alarms. */
export const locationSiteSchema = v.object({
  meters: v.array(
    v.object({
      id: v.number(),
      name: v.string(),
      type: v.picklist(['electricity', 'gas']),
      channels: v.array(
        v.object({ channel: v.picklist(ENERGY_CHANNELS), channelId: v.number(), lastValueAt: v.nullable(v.string()), syncedAt: v.nullable(v.string()) }),
      ),
    }),
  ),
  alarms: v.array(
    v.object({
      id: v.number(),
      dashboardId: v.number(),
      dashboardName: v.string(),
      folderName: v.string(),
      line: v.string(),
      priority: v.picklist(PRIORITIES),
      receivedAt: v.string(),
      occurrences: v.number(),
      key: v.nullable(v.string()),
    }),
  ),
});
export type LocationSite = v.InferOutput<typeof locationSiteSchema>;
/** A channel whose newest value is older than this many hours is shown with a warning. */
export const STALE_DATA_HOURS = 36;
