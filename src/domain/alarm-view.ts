/** Saved views: one user's named filter on one dashboard, answered with its count. */
import * as v from 'valibot';
import { alarmFilterEntries, datedObject, folderFilter } from './alarm-filter';
import { idSchema } from './common';
import { pageSizeFields } from './paging';
import { requiredText } from './text';

/**
 * The keys a saved view's filter may hold: the query parameters of the dashboard-wide list, paging
 * included (a filter copied from a list's query string keeps `page` and `size`; its count ignores them).
 */
const FILTER_KEYS = [
  'query',
  'page',
  'size',
  'sort',
  'folderId',
  'priority',
  'acknowledged',
  'resolved',
  'locationId',
  'assignee',
  'from',
  'to',
  'overdue',
  'period',
] as const;
/** A view's filter is checked as the dashboard-wide list's query (paging included). */
const viewQuerySchema = datedObject({ page: pageSizeFields.page, size: pageSizeFields.size, ...folderFilter, ...alarmFilterEntries });

/** A saved view's filter: the query parameters as strings, exactly as in a query string, checked like them. */
const viewFilterSchema = v.pipe(
  v.record(v.string(), v.string('Elke waarde van het filter is tekst, zoals in een zoekopdracht.'), 'Het filter is een object met tekstwaarden.'),
  v.check((f) => Object.keys(f).every((k) => (FILTER_KEYS as readonly string[]).includes(k)), `Een filter kent alleen ${FILTER_KEYS.join(', ')}.`),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const checked = v.safeParse(viewQuerySchema, dataset.value);
    for (const issue of checked.issues ?? []) addIssue({ message: issue.message, path: issue.path });
  }),
);

const VIEW_NAME_MAX = 64;
const viewName = requiredText(
  VIEW_NAME_MAX,
  'De naam van de weergave moet worden opgegeven.',
  `De naam van de weergave mag maximaal ${VIEW_NAME_MAX} tekens lang zijn.`,
);
export const createViewSchema = v.object({ dashboardId: idSchema, name: viewName, filter: viewFilterSchema });
export const updateViewSchema = v.object({ viewId: idSchema, name: v.optional(viewName), filter: v.optional(viewFilterSchema) });
export const viewSchema = v.object({ id: v.number(), name: v.string(), filter: v.record(v.string(), v.string()), count: v.number() });
export type AlarmView = v.InferOutput<typeof viewSchema>;
