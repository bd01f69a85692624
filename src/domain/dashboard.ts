/** The dashboard area's modules and readable URL selectors (SPEC.md §2 dashboard routes). */
import * as v from 'valibot';

export const MODULES = {
  elektriciteit: { title: 'Elektriciteitsverbruik', unit: 'kWh', meterType: 'electricity', channel: 'netImportChannel' },
  teruglevering: { title: 'Teruglevering', unit: 'kWh', meterType: 'electricity', channel: 'netExportChannel' },
  gas: { title: 'Gasverbruik', unit: 'm3', meterType: 'gas', channel: 'netImportChannel' },
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

export const moduleSummarySchema = v.object({
  selector: moduleSelectorSchema,
  title: v.string(),
  unit: v.string(),
  channelIds: v.array(v.number()),
  todaySoFar: v.number(),
  todayForecast: v.nullable(v.number()),
  thisWeek: v.number(),
  lastWeekSameSpan: v.number(),
  /** Start of the newest stored interval of the module's channels: where its page opens. */
  lastDataAt: v.nullable(v.string()),
});
export type ModuleSummary = v.InferOutput<typeof moduleSummarySchema>;

const locationHeader = { id: v.number(), name: v.string(), city: v.string(), streetAddress: v.string(), selector: v.string() };

export const dashboardLocationItemSchema = v.object({ ...locationHeader, modules: v.array(moduleSelectorSchema), weekConsumption: v.nullable(v.number()) });
export const dashboardLocationSchema = v.object({ ...locationHeader, modules: v.array(moduleSummarySchema) });
