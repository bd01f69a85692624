import type { AlarmSort, Period } from '@/domain/alarm-filter';

/**
 * A saved view's filter (query-string strings, as the REST list takes them) as the console's search params, so
 * the sidebar's link opens the dashboard-wide list filtered. The inverse of `filterStrings`.
 */
export function searchOfFilter(filter: Record<string, string>) {
  const bool = (s: string | undefined) => (s === undefined ? undefined : s === 'true');
  const num = (s: string | undefined) => (s === undefined ? undefined : Number(s));
  return {
    q: filter.query,
    sort: filter.sort as AlarmSort | undefined,
    assignee: (filter.assignee === undefined
      ? undefined
      : filter.assignee === 'me' || filter.assignee === 'none'
        ? filter.assignee
        : Number(filter.assignee)) as 'me' | 'none' | number | undefined,
    priority: filter.priority,
    acknowledged: bool(filter.acknowledged),
    resolved: bool(filter.resolved),
    overdue: bool(filter.overdue),
    locationId: num(filter.locationId),
    folderId: num(filter.folderId),
    period: filter.period as Period | undefined,
    from: filter.from,
    to: filter.to,
  };
}
