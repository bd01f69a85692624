/**
 * A folder page keeps its search, sort, assignee filter, page and open alarm in the URL
 * (`?q=pomp&sort=priority,desc&assignee=me&page=2&alarm=41`), page 1-based for people.
 */
import * as v from 'valibot';
import { ALARM_SORTS, type AlarmSort } from '@/domain/alarm';
import { DEFAULT_PAGE_SIZE } from '@/domain/paging';

const positive = v.pipe(v.number(), v.integer(), v.minValue(1));

export const folderSearchSchema = v.object({
  q: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(200)), '')),
  page: v.optional(v.fallback(positive, 1)),
  sort: v.optional(v.fallback(v.picklist(ALARM_SORTS), 'receivedAt,desc')),
  /** `me`, `none` or a user id; absent: everyone. */
  assignee: v.fallback(v.optional(v.union([v.literal('me'), v.literal('none'), positive])), undefined),
  alarm: v.fallback(v.optional(positive), undefined),
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

/** The input of alarm.list for a folder page: the same object for the loader and the page, so they share the cache entry. */
export const alarmListInput = (folderId: number, { q, page, sort, assignee }: Pick<FolderSearch, 'q' | 'page' | 'sort' | 'assignee'>) => ({
  folderId,
  page: (page ?? 1) - 1,
  size: DEFAULT_PAGE_SIZE,
  sort: sort ?? DEFAULT_SORT,
  ...(q ? { query: q } : {}),
  ...(assignee !== undefined ? { assignee } : {}),
});

/** The assignable users, fetched once per dashboard with the same input everywhere so the cache is shared. */
export const dashboardUsersInput = (dashboardId: number) => ({ dashboardId, page: 0, size: 100 });
