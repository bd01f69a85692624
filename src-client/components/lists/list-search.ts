/**
 * Every admin list keeps its page and search in the URL (`?page=2&q=alfa`, page 1-based for
 * people) and asks the server for `pageNumber` 0-based.
 */
import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE } from '@/domain/paging';

export const listSearchSchema = v.object({
  page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1)),
  q: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(200)), '')),
});
export type ListSearch = v.InferOutput<typeof listSearchSchema>;

export const toListQuery = ({ page, q }: ListSearch) => ({
  pageNumber: (page ?? 1) - 1,
  pageSize: DEFAULT_PAGE_SIZE,
  ...(q ? { query: q } : {}),
});

/** Debounce before a typed search is asked for. */
export const SEARCH_DEBOUNCE_MS = 100;
