/**
 * A folder page keeps its search, sort, filters, page and open alarm in the URL
 * (`?q=pomp&sort=priority,desc&assignee=me&priority=HIGH,MEDIUM&acknowledged=false&page=2&alarm=41`),
 * page 1-based for people. Priorities are a comma list, as the API takes them, so the URL stays readable.
 */
import * as v from 'valibot';
import { ALARM_SORTS, type AlarmSort } from '@/domain/alarm-filter';
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
});
export type FolderSearch = v.InferOutput<typeof folderSearchSchema>;

export const DEFAULT_SORT: AlarmSort = 'receivedAt,desc';

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

export type ListFilters = Pick<FolderSearch, 'q' | 'page' | 'sort' | 'assignee' | 'priority' | 'acknowledged'>;

/** The input of alarm.list for a folder page: the same object for the loader and the page, so they share the cache entry. */
export const alarmListInput = (folderId: number, { q, page, sort, assignee, priority, acknowledged }: ListFilters) => ({
  folderId,
  page: (page ?? 1) - 1,
  size: DEFAULT_PAGE_SIZE,
  sort: sort ?? DEFAULT_SORT,
  ...(q ? { query: q } : {}),
  ...(assignee !== undefined ? { assignee } : {}),
  ...(priority ? { priority: prioritiesOf(priority) } : {}),
  ...(acknowledged !== undefined ? { acknowledged } : {}),
});

/** The assignable users, fetched once per dashboard with the same input everywhere so the cache is shared. */
export const dashboardUsersInput = (dashboardId: number) => ({ dashboardId, page: 0, size: 100 });
