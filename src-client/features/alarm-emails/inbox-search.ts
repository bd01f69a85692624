/**
 * The inbox keeps its status filter, sort, page and open e-mail in the URL
 * (`?status=PENDING&sort=receivedAt,asc&page=2&email=41`), page 1-based for people. The alarm
 * panel links to `?email=<id>`.
 */
import * as v from 'valibot';
import { EMAIL_SORTS, PARSING_STATUSES } from '@/domain/alarm-email';
import { DEFAULT_PAGE_SIZE } from '@/domain/paging';

const positive = v.pipe(v.number(), v.integer(), v.minValue(1));

export const inboxSearchSchema = v.object({
  status: v.fallback(v.optional(v.picklist(PARSING_STATUSES)), undefined),
  sort: v.optional(v.fallback(v.picklist(EMAIL_SORTS), 'receivedAt,desc')),
  page: v.optional(v.fallback(positive, 1)),
  email: v.fallback(v.optional(positive), undefined),
  /** The alarm whose "Originele e-mail bekijken" opened the e-mail: the panel links back to it. */
  fromAlarm: v.fallback(v.optional(positive), undefined),
});
export type InboxSearch = v.InferOutput<typeof inboxSearchSchema>;
export type ParsingStatus = (typeof PARSING_STATUSES)[number];

export const emailSortLabels: Record<(typeof EMAIL_SORTS)[number], string> = {
  'receivedAt,desc': 'Nieuwste eerst',
  'receivedAt,asc': 'Oudste eerst',
};

/** The input of alarmEmail.list for the inbox: the same object for the loader and the page, so they share the cache entry. */
export const emailListInput = (dashboardId: number, { status, sort, page }: Pick<InboxSearch, 'status' | 'sort' | 'page'>) => ({
  dashboardId,
  page: (page ?? 1) - 1,
  size: DEFAULT_PAGE_SIZE,
  sort: sort ?? 'receivedAt,desc',
  ...(status ? { status } : {}),
});
