/** The dashboard area's modules and readable URL selectors (SPEC.md §2 dashboard routes). */
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

export interface ModuleSummary {
  selector: ModuleSelector;
  title: string;
  unit: string;
  channelIds: number[];
  todaySoFar: number;
  todayForecast: number | null;
  thisWeek: number;
  lastWeekSameSpan: number;
}
