/**
 * The alarm lists: one query builder applies the console's filters to a
 * folder, to a whole dashboard (its list, the CSV export, a saved view's count), so every list
 * filters alike. Functions take `db` first so a transaction fits in.
 *
 * Decision made here: the dashboard-wide list leaves the trash out unless
 * `folderId` names it (a search should not turn up what was thrown away).
 */
import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { AlarmFilter, AlarmSort } from '@/domain/alarm-filter';
import { toListQuery } from '@/domain/paging';
import { addDays, localDate, localMidnight } from '@/lib/amsterdam';
import type { DB } from '../../platform/db/database';
import { contains, containsInLowerCase, pageCount, pageWindow } from '../../platform/db/listing';
import type { Database } from '../../platform/db/schema';
import { trashFolderId } from '../alarm-folders/alarm-folders.queries';
import { PRIORITY_RANK, listSelection, toListItems } from './alarms.queries';

/** Where the list looks: one folder, or every folder of a dashboard. */
export type AlarmScope = { folderId: number } | { dashboardId: number };
type AlarmQuery = SelectQueryBuilder<Database, 'alarm', object>;

const SORTS: Record<AlarmSort, [column: 'receivedAt' | 'priorityRank' | 'deadlineAt', direction: 'asc' | 'desc']> = {
  'receivedAt,desc': ['receivedAt', 'desc'],
  'receivedAt,asc': ['receivedAt', 'asc'],
  'priority,desc': ['priorityRank', 'desc'],
  'priority,asc': ['priorityRank', 'asc'],
  'deadlineAt,asc': ['deadlineAt', 'asc'],
  'deadlineAt,desc': ['deadlineAt', 'desc'],
};

/** The local days `[from, to)` a filter names: `period` (ending with today) wins over `from`/`to`. */
function filterDays(filter: Pick<AlarmFilter, 'from' | 'to' | 'period'>, at: number): { from?: string; to?: string } {
  if (!filter.period) return { from: filter.from, to: filter.to };
  const tomorrow = addDays(localDate(at), 1);
  return { from: addDays(tomorrow, filter.period === 'today' ? -1 : filter.period === '7d' ? -7 : -30), to: tomorrow };
}

const assignedTo = (userId: number) =>
  sql<SqlBool>`exists (select 1 from "alarmAssignee" where "alarmAssignee"."alarmId" = "alarm"."id" and "alarmAssignee"."userId" = ${userId})`;

/**
 * The filters on a query of `alarm`. `query` matches the search text (line, data values, the
 * e-mail's subject) or the location's name; `me` is the caller, `at` now (overdue, period).
 */
function applyFilters(q: AlarmQuery, db: DB, filter: AlarmFilter, me: number, at: number, { assignee = true } = {}): AlarmQuery {
  let out = q;
  if (filter.query) {
    const matchingLocations = db
      .selectFrom('location')
      .select('location.id')
      .where((eb) => contains(eb.ref('location.name'), filter.query!));
    out = out.where((eb) => eb.or([containsInLowerCase(eb.ref('alarm.searchText'), filter.query!), eb('alarm.locationId', 'in', matchingLocations)]));
  }
  if (filter.priority?.length)
    out = out.where(
      'alarm.priorityRank',
      'in',
      filter.priority.map((p) => PRIORITY_RANK[p]),
    );
  if (filter.acknowledged !== undefined) out = out.where('alarm.acknowledgedAt', filter.acknowledged ? 'is not' : 'is', null);
  if (filter.resolved !== undefined) out = out.where('alarm.resolvedAt', filter.resolved ? 'is not' : 'is', null);
  if (filter.overdue !== undefined) {
    out = filter.overdue
      ? out.where('alarm.resolvedAt', 'is', null).where('alarm.deadlineAt', '<', at)
      : out.where((eb) => eb.or([eb('alarm.resolvedAt', 'is not', null), eb('alarm.deadlineAt', 'is', null), eb('alarm.deadlineAt', '>=', at)]));
  }
  if (filter.locationId !== undefined) out = out.where('alarm.locationId', '=', filter.locationId);
  if (filter.folderId !== undefined) out = out.where('alarm.folderId', '=', filter.folderId);
  const days = filterDays(filter, at);
  if (days.from) out = out.where('alarm.receivedAt', '>=', localMidnight(days.from));
  if (days.to) out = out.where('alarm.receivedAt', '<', localMidnight(days.to));
  if (assignee && filter.assignee !== undefined) {
    out = filter.assignee === 'none' ? out.where('alarm.assigneeCount', '=', 0) : out.where(assignedTo(filter.assignee === 'me' ? me : filter.assignee));
  }
  return out;
}

/** The scope's alarms as a query: a folder, or a dashboard without its trash unless the filter names a folder. */
async function scoped(db: DB, scope: AlarmScope, filter: AlarmFilter): Promise<AlarmQuery> {
  const q = db.selectFrom('alarm');
  if ('folderId' in scope) return q.where('alarm.folderId', '=', scope.folderId);
  const inDashboard = q.where('alarm.dashboardId', '=', scope.dashboardId);
  return filter.folderId === undefined ? inDashboard.where('alarm.folderId', '!=', await trashFolderId(db, scope.dashboardId)) : inDashboard;
}

/** The filtered alarms of a scope, for a caller at a moment. */
const filteredAlarms = async (db: DB, scope: AlarmScope, filter: AlarmFilter, me: number, at: number) =>
  applyFilters(await scoped(db, scope, filter), db, filter, me, at);

/**
 * The number of matches. With a user as assignee it starts from that user's assignments (an
 * index range) rather than testing every alarm of the scope.
 */
export async function countAlarms(db: DB, scope: AlarmScope, filter: AlarmFilter, me: number, at: number): Promise<number> {
  const userId = filter.assignee === 'me' ? me : typeof filter.assignee === 'number' ? filter.assignee : null;
  if (userId === null) {
    const q = await filteredAlarms(db, scope, filter, me, at);
    return Number((await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);
  }
  const base = (await scoped(db, scope, filter)).innerJoin('alarmAssignee', 'alarmAssignee.alarmId', 'alarm.id').where('alarmAssignee.userId', '=', userId);
  const q = applyFilters(base as unknown as AlarmQuery, db, filter, me, at, { assignee: false });
  return Number((await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);
}

/** The filtered alarms in the asked order (alarms without a deadline last whichever way deadlines go). */
function sorted<Q extends AlarmQuery>(q: Q, sort: AlarmSort): Q {
  const [column, direction] = SORTS[sort];
  let out = q as AlarmQuery;
  if (column === 'deadlineAt') out = out.orderBy(sql`"alarm"."deadlineAt" is null`);
  out = out.orderBy(`alarm.${column}`, direction);
  if (column !== 'receivedAt') out = out.orderBy('alarm.receivedAt', 'desc');
  return out.orderBy('alarm.id', direction) as Q;
}

/** The CSV export's pages: a dashboard's filtered alarms in the asked order, each with its folder; answers a reader of one page. */
export async function exportPages(db: DB, dashboardId: number, filter: AlarmFilter & { sort: AlarmSort }, me: number, at: number) {
  const query = sorted(await filteredAlarms(db, { dashboardId }, filter, me, at), filter.sort).select((eb) => [...listSelection(eb), 'alarm.folderId']);
  return (limit: number, offset: number) => query.limit(limit).offset(offset).execute();
}

/** One page of a scope's filtered alarms, each with its folder. */
export async function listAlarmsIn(db: DB, scope: AlarmScope, input: AlarmFilter & { page: number; size: number; sort: AlarmSort }, me: number, at: number) {
  const list = toListQuery(input);
  const { limit, offset } = pageWindow(list);
  const q = sorted(await filteredAlarms(db, scope, input, me, at), input.sort);
  const rows = await q
    .select((eb) => [...listSelection(eb), 'alarm.folderId'])
    .limit(limit)
    .offset(offset)
    .execute();
  // A first page that is not full holds them all: no count needed (the usual folder). Otherwise the
  // count runs beside the rows' assignees and locations: on PostgreSQL each statement is a round
  // trip, on a connection of its own from the pool (SQLite answers them one after the other).
  const [total, items] = await Promise.all([offset === 0 && rows.length < limit ? rows.length : countAlarms(db, scope, input, me, at), toListItems(db, rows)]);
  return { items: items.map(({ row, item }) => ({ ...item, folderId: row.folderId })), totalNumberOfPages: pageCount(total, list) };
}
