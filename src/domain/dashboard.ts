/** The dashboard area's modules and readable URL selectors. */
import * as v from 'valibot';

export const MODULES = {
  elektriciteit: { title: 'Elektriciteitsverbruik', unit: 'kWh', meterType: 'electricity', channel: 'netImportChannel' },
  teruglevering: { title: 'Teruglevering', unit: 'kWh', meterType: 'electricity', channel: 'netExportChannel' },
  gas: { title: 'Gasverbruik', unit: 'm³', meterType: 'gas', channel: 'netImportChannel' },
} as const;
export type ModuleSelector = keyof typeof MODULES;
export const MODULE_SELECTORS = Object.keys(MODULES) as ModuleSelector[];

const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/** '12-hoofdkantoor-utrecht': the id keeps it unique, the name makes it readable. */
export const locationSelector = (location: { id: number; name: string }) => [location.id, slug(location.name)].filter(Boolean).join('-');

export const locationIdOf = (selector: string) => {
  const match = /^([1-9]\d{0,15})(-|$)/.exec(selector);
  return match ? Number(match[1]) : null;
};

const moduleSelectorSchema = v.picklist(MODULE_SELECTORS as [ModuleSelector, ...ModuleSelector[]]);

/**
 * A sum over a span of stored data, next to the same span a week earlier. `from`/`to` are the
 * span's instants (ISO, UTC); `to` is where the data ends inside the period, so a figure "t/m
 * gisteren" never counts hours the HUB has not published. `value` is null when the span holds no
 * data; `previous` is null unless the earlier span holds (nearly) as many values: no comparison
 * against a period without data.
 */
const spanFigureSchema = v.object({ from: v.string(), to: v.string(), value: v.nullable(v.number()), previous: v.nullable(v.number()) });
export type SpanFigure = v.InferOutput<typeof spanFigureSchema>;

const moduleSummarySchema = v.object({
  selector: moduleSelectorSchema,
  title: v.string(),
  unit: v.string(),
  channelIds: v.array(v.number()),
  /** Start of the oldest stored interval of the module's channels. */
  firstDataAt: v.nullable(v.string()),
  /** Start of the newest stored interval: the freshness shown, and where the module page opens. */
  lastDataAt: v.nullable(v.string()),
  /** The local day of the newest value, up to where its data ends, against the same weekday a week earlier. */
  latestDay: v.nullable(spanFigureSchema),
  /** This ISO week up to where the data ends, against the same days of last week. */
  thisWeek: spanFigureSchema,
  /** Last ISO week, whole (or up to where the data ends), against the week before it. */
  lastWeek: spanFigureSchema,
  todayForecast: v.nullable(v.number()),
});
export type ModuleSummary = v.InferOutput<typeof moduleSummarySchema>;

const locationHeader = { id: v.number(), name: v.string(), city: v.string(), streetAddress: v.string(), selector: v.string() };

/** Electricity use of the last seven whole days with data, per day (for a sparkline), against the seven before. */
const recentDaysSchema = v.object({
  ...spanFigureSchema.entries,
  days: v.array(v.object({ date: v.string(), value: v.nullable(v.number()) })),
  lastDataAt: v.string(),
});

export const dashboardLocationItemSchema = v.object({ ...locationHeader, modules: v.array(moduleSelectorSchema), recentDays: v.nullable(recentDaysSchema) });
export const dashboardLocationSchema = v.object({ ...locationHeader, modules: v.array(moduleSummarySchema) });
export type DashboardLocation = v.InferOutput<typeof dashboardLocationSchema>;
