/**
 * Alarm dashboards: name, organization, settings and theme, with the
 * Dutch messages of their checks. Shared by the settings forms, tRPC and REST.
 */
import * as v from 'valibot';
import { idSchema } from './common';
import { requiredText } from './text';

export const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const priorityLabels: Record<Priority, string> = { LOW: 'Laag', MEDIUM: 'Normaal', HIGH: 'Hoog' };
/** The priorities as a form's choices, lowest first. */
export const priorityOptions = PRIORITIES.map((p) => ({ value: p, label: priorityLabels[p] }));
export const prioritySchema = v.picklist(PRIORITIES, 'De prioriteit moet LOW, MEDIUM of HIGH zijn.');

export const THEME_KEYS = ['primary', 'primaryDark', 'secondary', 'secondaryDark', 'tertiary', 'tertiaryDark'] as const;
export type ThemeKey = (typeof THEME_KEYS)[number];
export const themeLabels: Record<ThemeKey, string> = {
  primary: 'Primair',
  primaryDark: 'Primair (donker)',
  secondary: 'Secundair',
  secondaryDark: 'Secundair (donker)',
  tertiary: 'Tertiair',
  tertiaryDark: 'Tertiair (donker)',
};
export const DEFAULT_THEME: Record<ThemeKey, string> = {
  primary: '#2563eb',
  primaryDark: '#1e40af',
  secondary: '#0f766e',
  secondaryDark: '#134e4a',
  tertiary: '#f59e0b',
  tertiaryDark: '#b45309',
};

const colour = v.pipe(
  v.string('Een kleur moet worden opgegeven als #rrggbb.'),
  v.length(7, 'Een kleur is precies 7 tekens lang: #rrggbb, zoals #1a2b3c.'),
  v.regex(/^#[0-9a-fA-F]{6}$/, 'Een kleur moet de vorm #rrggbb hebben, zoals #1a2b3c.'),
  v.toLowerCase(),
);
export const themeSchema = v.object(Object.fromEntries(THEME_KEYS.map((k) => [k, colour])) as Record<ThemeKey, typeof colour>);
export type Theme = v.InferOutput<typeof themeSchema>;

const DASHBOARD_NAME_MAX = 128;
const name = requiredText(
  DASHBOARD_NAME_MAX,
  'De naam van het dashboard moet worden opgegeven.',
  `De naam van het dashboard mag maximaal ${DASHBOARD_NAME_MAX} tekens lang zijn.`,
);

export const createDashboardSchema = v.object({ name, organizationId: idSchema });
export const renameDashboardSchema = v.object({ dashboardId: idSchema, name });

const settingsSchema = v.object({
  defaultFolderId: v.nullable(v.number()),
  /** Where recoveries and maintenance windows send alarms; a folder that is not relevant. */
  resolvedFolderId: v.nullable(v.number()),
  defaultPriority: v.picklist(PRIORITIES),
  brandingFile: v.nullable(v.string()),
  customizable: v.boolean(),
});

export const dashboardSchema = v.object({
  id: v.number(),
  name: v.string(),
  organization: v.object({ id: v.number(), name: v.string() }),
  settings: settingsSchema,
  theme: themeSchema,
});
export type AlarmDashboard = v.InferOutput<typeof dashboardSchema>;

/** Branding images: PNG, JPEG or WebP, at most 1 MB, recognised by their bytes. */
export const BRANDING_MAX_BYTES = 1024 * 1024;
export const BRANDING_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** An assignable user of a dashboard: its admins and the organization's installers. */
export const dashboardUserSchema = v.object({ id: v.number(), fullName: v.nullable(v.string()), email: v.string() });
export type DashboardUser = v.InferOutput<typeof dashboardUserSchema>;

export const DASHBOARD_ABSENT = 'Dit alarmdashboard bestaat niet.';
