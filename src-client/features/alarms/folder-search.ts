/**
 * A folder page keeps its search, sort, filters, page and open alarm in the URL
 * (`?q=pomp&sort=priority,desc&assignee=me&priority=HIGH,MEDIUM&acknowledged=false&page=2&alarm=41`),
 * page 1-based for people. Priorities are a comma list, as the API takes them, so the URL stays readable.
 */
import * as v from 'valibot';
import { ALARM_SORTS, type AlarmSort, PERIODS } from '@/domain/alarm-filter';
import { PRIORITIES, type Priority } from '@/domain/alarm-dashboard';
import { DEFAULT_PAGE_SIZE } from '@/domain/paging';

const positive = v.pipe(v.number(), v.integer(), v.minValue(1));

export const folderSearchSchema = v.object({
  q: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(200)), '')),
  page: v.optional(v.fallback(positive, 1)),
  sort: v.optional(v.fallback(v.picklist(ALARM_SORTS), 'receivedAt,desc')),
  /** `me`, `none` or a user id; absent: everyone. */
  assignee: v.fallback(v.optional(v.union([v.literal('me'), v.literal('none'), positive])), undefined),
  alarm: v.fallback(v.optional(positive), undefined),
  priority: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^(LOW|MEDIUM|HIGH)(,(LOW|MEDIUM|HIGH))*$/))), undefined),
  acknowledged: v.fallback(v.optional(v.boolean()), undefined),
  resolved: v.fallback(v.optional(v.boolean()), undefined),
  overdue: v.fallback(v.optional(v.boolean()), undefined),
  locationId: v.fallback(v.optional(positive), undefined),
  /** The dashboard-wide page's folder filter. */
  folderId: v.fallback(v.optional(positive), undefined),
  period: v.fallback(v.optional(v.picklist(PERIODS)), undefined),
  from: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined),
  to: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined),
});
export type FolderSearch = v.InferOutput<typeof folderSearchSchema>;

const DEFAULT_SORT: AlarmSort = 'receivedAt,desc';

export const sortLabels: Record<AlarmSort, string> = {
  'receivedAt,desc': 'Nieuwste eerst',
  'receivedAt,asc': 'Oudste eerst',
  'priority,desc': 'Hoogste prioriteit eerst',
  'priority,asc': 'Laagste prioriteit eerst',
  'deadlineAt,asc': 'Eerstvolgende deadline eerst',
  'deadlineAt,desc': 'Laatste deadline eerst',
};

/** The priorities of a `priority` search param, in the order of PRIORITIES. */
export const prioritiesOf = (param: string | undefined): Priority[] => PRIORITIES.filter((p) => param?.split(',').includes(p));

/** The `priority` search param for these priorities; none (or all) is no filter. */
export const priorityParam = (list: Priority[]) =>
  list.length === 0 || list.length === PRIORITIES.length ? undefined : prioritiesOf(list.join(',')).join(',');

/** The search params that filter (everything but the open alarm) and the page. */
export type ListFilters = Omit<FolderSearch, 'alarm'>;

/** The API's filter for these search params (the dashboard-wide list, the CSV, a saved view). */
export function apiFilter({ q, sort, assignee, priority, acknowledged, resolved, overdue, locationId, folderId, period, from, to }: ListFilters) {
  return {
    sort: sort ?? DEFAULT_SORT,
    ...(q ? { query: q } : {}),
    ...(assignee !== undefined ? { assignee } : {}),
    ...(priority ? { priority: prioritiesOf(priority) } : {}),
    ...(acknowledged !== undefined ? { acknowledged } : {}),
    ...(resolved !== undefined ? { resolved } : {}),
    ...(overdue !== undefined ? { overdue } : {}),
    ...(locationId !== undefined ? { locationId } : {}),
    ...(folderId !== undefined ? { folderId } : {}),
    ...(period !== undefined ? { period } : from || to ? { ...(from ? { from } : {}), ...(to ? { to } : {}) } : {}),
  };
}

/** The input of alarm.list for a folder page: the same object for the loader and the page, so they share the cache entry. */
export const alarmListInput = (folderId: number, search: ListFilters) => {
  const { folderId: _, ...filter } = apiFilter(search);
  return { folderId, page: (search.page ?? 1) - 1, size: DEFAULT_PAGE_SIZE, ...filter };
};

/** The input of alarm.search, the dashboard-wide list. */
export const dashboardListInput = (dashboardId: number, search: ListFilters) => ({
  dashboardId,
  page: (search.page ?? 1) - 1,
  size: DEFAULT_PAGE_SIZE,
  ...apiFilter(search),
});

/** A filter as a query string's strings (a saved view, the CSV link). */
export function filterStrings(search: ListFilters): Record<string, string> {
  const { sort, ...filter } = apiFilter(search);
  const out: Record<string, string> = sort === DEFAULT_SORT ? {} : { sort };
  for (const [key, value] of Object.entries(filter)) out[key] = Array.isArray(value) ? value.join(',') : String(value);
  return out;
}

/** The assignable users, fetched once per dashboard with the same input everywhere so the cache is shared. */
export const dashboardUsersInput = (dashboardId: number) => ({ dashboardId, page: 0, size: 100 });
