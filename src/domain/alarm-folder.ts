/** Alarm folders: URL name, label, icon, order and how they count. */
import * as v from 'valibot';
import { idSchema } from './common';
import { requiredText } from './text';

export const FOLDER_ICONS = [
  'inbox',
  'check-circle',
  'trash-2',
  'bell',
  'alert-triangle',
  'flame',
  'zap',
  'thermometer',
  'droplet',
  'wrench',
  'clock',
  'star',
  'flag',
  'archive',
  'folder',
] as const;
export type FolderIcon = (typeof FOLDER_ICONS)[number];

export const COUNT_MODES = ['NONE', 'UNREAD', 'UNASSIGNED', 'TOTAL'] as const;
export type CountMode = (typeof COUNT_MODES)[number];
export const countModeLabels: Record<CountMode, string> = { NONE: 'Niet tellen', UNREAD: 'Ongelezen', UNASSIGNED: 'Niet toegewezen', TOTAL: 'Totaal' };

/** The system folders every dashboard gets, in this order. */
export const SYSTEM_FOLDERS = [
  { name: 'inbox', label: 'Inbox', icon: 'inbox', countMode: 'UNREAD', trash: false, relevant: true },
  { name: 'done', label: 'Afgehandeld', icon: 'check-circle', countMode: 'NONE', trash: false, relevant: false },
  { name: 'trash', label: 'Prullenbak', icon: 'trash-2', countMode: 'NONE', trash: true, relevant: false },
] as const;

const folderName = v.pipe(
  v.string('De naam (in de URL) moet worden opgegeven.'),
  v.regex(/^[a-z0-9-]{1,32}$/, 'De naam mag alleen kleine letters, cijfers en streepjes bevatten (1 tot 32 tekens).'),
);
const label = requiredText(64, 'Het label moet worden opgegeven.', 'Het label mag maximaal 64 tekens lang zijn.');
const icon = v.picklist(FOLDER_ICONS, 'Kies een pictogram uit de lijst.');
const countMode = v.picklist(COUNT_MODES, 'De telling moet NONE, UNREAD, UNASSIGNED of TOTAL zijn.');
const relevant = v.boolean('Geef aan of de map meetelt (true of false).');

export const createFolderSchema = v.object({ dashboardId: idSchema, name: folderName, label, icon, countMode, relevant: v.optional(relevant, true) });
export const updateFolderSchema = v.object({
  folderId: idSchema,
  name: v.optional(folderName),
  label: v.optional(label),
  icon: v.optional(icon),
  countMode: v.optional(countMode),
  relevant: v.optional(relevant),
});
export const folderOrderSchema = v.object({
  dashboardId: idSchema,
  folderIds: v.pipe(v.array(idSchema, 'Geef de mappen als een lijst van ids.'), v.maxLength(500, 'Te veel mappen.')),
});

export const folderSchema = v.object({
  id: v.number(),
  name: v.string(),
  label: v.string(),
  icon: v.picklist(FOLDER_ICONS),
  index: v.number(),
  countMode: v.picklist(COUNT_MODES),
  system: v.boolean(),
  trash: v.boolean(),
  relevant: v.boolean(),
});
export type AlarmFolder = v.InferOutput<typeof folderSchema>;

export const folderCountSchema = v.object({ folderId: v.number(), count: v.nullable(v.number()) });
