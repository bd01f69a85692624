/**
 * A live event's alarm row into the lists the console holds, before any refetch: the row goes where
 * the list's own query would put it (its folder, filters, sort and page), leaves a list it no longer
 * belongs to, and an alarm deleted for good leaves every list. Where the console cannot tell from
 * the row whether it matches (a search text that may match the alarm's data or e-mail subject,
 * "mine" before the signed-in user is known, the dashboard-wide list before its trash is known) the
 * list is left as it is. The refetch that follows reconciles the rest: counts, page numbers, and
 * the alarm that moves up from the next page.
 */
import type { AlarmInFolder } from '@/domain/alarm';
import type { AlarmFilter, AlarmSort } from '@/domain/alarm-filter';
import { addDays, localDate, todayLocal } from '@/lib/amsterdam';

type Row = AlarmInFolder;
/** A list's input: alarm.list's (a folder) or alarm.search's (a dashboard), filters included. */
export type ListInput = Partial<AlarmFilter> & { folderId?: number; dashboardId?: number; page: number; size: number; sort?: AlarmSort };
interface Page {
  alarms: (Omit<Row, 'folderId'> & { folderId?: number })[];
  totalNumberOfPages: number;
}
/** What a row is compared with beyond the list's input. */
export interface ListContext {
  /** The dashboard the event came from. */
  dashboardId: number;
  /** The signed-in user (`assignee: me`); unknown: undefined. */
  me: number | undefined;
  /** The dashboard's trash folder, left out of the dashboard-wide list; unknown: undefined. */
  trashFolderId: number | undefined;
  now: Date;
}

const RANK = { LOW: 1, MEDIUM: 2, HIGH: 3 } as const;
const time = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** The order of the server's list for a sort (alarm-lists.queries.ts): negative when `a` comes first. */
function compareRows(sort: AlarmSort, a: Pick<Row, 'id' | 'priority' | 'receivedAt' | 'deadlineAt'>, b: typeof a): number {
  const [column, direction] = sort.split(',') as ['receivedAt' | 'priority' | 'deadlineAt', 'asc' | 'desc'];
  const sign = direction === 'asc' ? 1 : -1;
  const newestFirst = time(b.receivedAt)! - time(a.receivedAt)!;
  const byId = sign * (a.id - b.id);
  if (column === 'receivedAt') return sign * (time(a.receivedAt)! - time(b.receivedAt)!) || byId;
  if (column === 'priority') return sign * (RANK[a.priority] - RANK[b.priority]) || newestFirst || byId;
  const [da, db] = [time(a.deadlineAt), time(b.deadlineAt)];
  if (da === null || db === null) return (da === null ? 1 : 0) - (db === null ? 1 : 0) || newestFirst || byId;
  return sign * (da - db) || newestFirst || byId;
}

/** The local days [from, to) a filter names, as the server reads them. */
function days(input: ListInput, now: Date): { from?: string; to?: string } {
  if (!input.period) return { from: input.from, to: input.to };
  const tomorrow = addDays(todayLocal(now), 1);
  return { from: addDays(tomorrow, input.period === 'today' ? -1 : input.period === '7d' ? -7 : -30), to: tomorrow };
}

/** Whether the row belongs in a list with this input: true, false, or undefined when the row cannot tell. */
function rowMatches(row: Row, input: ListInput, context: ListContext): boolean | undefined {
  if (input.dashboardId !== undefined) {
    if (input.dashboardId !== context.dashboardId) return false;
    if (input.folderId !== undefined) {
      if (row.folderId !== input.folderId) return false;
    } else if (context.trashFolderId === undefined) return undefined;
    else if (row.folderId === context.trashFolderId) return false;
  } else if (row.folderId !== input.folderId) return false;
  if (input.priority?.length && !input.priority.includes(row.priority)) return false;
  if (input.acknowledged !== undefined && input.acknowledged !== (row.acknowledgedAt !== null)) return false;
  if (input.resolved !== undefined && input.resolved !== (row.resolvedAt !== null)) return false;
  if (input.overdue !== undefined) {
    const overdue = row.resolvedAt === null && row.deadlineAt !== null && time(row.deadlineAt)! < context.now.getTime();
    if (overdue !== input.overdue) return false;
  }
  if (input.locationId !== undefined && row.location?.id !== input.locationId) return false;
  const { from, to } = days(input, context.now);
  const day = localDate(Math.floor(time(row.receivedAt)! / 1000));
  if ((from && day < from) || (to && day >= to)) return false;
  if (input.assignee === 'none' && row.assignees.length > 0) return false;
  if (typeof input.assignee === 'number' && !row.assignees.includes(input.assignee)) return false;
  let unsure = false;
  if (input.assignee === 'me') {
    if (context.me === undefined) unsure = true;
    else if (!row.assignees.includes(context.me)) return false;
  }
  if (input.query) {
    const q = input.query.toLowerCase();
    // The data and an e-mail's subject are matched too, and the row holds neither.
    if (!row.line.toLowerCase().includes(q) && !row.location?.name.toLowerCase().includes(q)) unsure = true;
  }
  return unsure ? undefined : true;
}

/** The list's page with `row` in its place (or out of it); the same object when nothing changed. */
export function mergeRow<P extends Page>(page: P, input: ListInput, row: Row, context: ListContext): P {
  const matches = rowMatches(row, input, context);
  const at = page.alarms.findIndex((a) => a.id === row.id);
  // The folder list's items have no folderId; the dashboard-wide list's have.
  const item = input.dashboardId === undefined ? (({ folderId: _, ...rest }) => rest)(row) : row;
  if (at < 0 && matches !== true) return page;
  const others = at < 0 ? page.alarms : page.alarms.filter((a) => a.id !== row.id);
  if (matches === false) return { ...page, alarms: others };
  if (matches === undefined) return { ...page, alarms: page.alarms.map((a, i) => (i === at ? item : a)) };
  const sort = input.sort ?? 'receivedAt,desc';
  let position = others.findIndex((a) => compareRows(sort, row, a) < 0);
  if (position < 0) position = others.length;
  // A new row on a later page goes in only between two of its rows: before the first it belongs to
  // an earlier page, after the last (of a full page) to the next.
  if (at < 0 && (input.page === 0 ? position >= input.size : position === 0 || position >= others.length)) return page;
  const alarms = [...others.slice(0, position), item, ...others.slice(position)].slice(0, Math.max(input.size, others.length));
  return { ...page, alarms, totalNumberOfPages: Math.max(page.totalNumberOfPages, 1) };
}

/** The page without these alarms (deleted for good); the same object when none was on it. */
export function withoutRows<P extends Page>(page: P, alarmIds: ReadonlySet<number>): P {
  return page.alarms.some((a) => alarmIds.has(a.id)) ? { ...page, alarms: page.alarms.filter((a) => !alarmIds.has(a.id)) } : page;
}
