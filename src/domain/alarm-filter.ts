/**
 * The console's filters: one schema for a folder's list, the dashboard-wide list,
 * the CSV export and saved views. Every value may arrive as a query string's text.
 *
 * Decisions made here:
 * - `period` (`today`, `7d`, `30d`) is a moving window of local days ending with today; it wins over
 *   `from`/`to`, so a saved view "vandaag" still means today tomorrow.
 * - `overdue=true`: open (not resolved) with a deadline in the past; `overdue=false` the rest.
 */
import * as v from 'valibot';
import { type Priority, prioritySchema } from './alarm-dashboard';
import { booleanParam, localDaySchema } from './alarm';
import { idSchema, idValue } from './common';
import { pageSizeFields } from './paging';

export const ALARM_SORTS = ['receivedAt,desc', 'receivedAt,asc', 'priority,desc', 'priority,asc', 'deadlineAt,asc', 'deadlineAt,desc'] as const;
export type AlarmSort = (typeof ALARM_SORTS)[number];

export const PERIODS = ['today', '7d', '30d'] as const;
export type Period = (typeof PERIODS)[number];
export const periodLabels: Record<Period, string> = { today: 'Vandaag', '7d': 'Laatste 7 dagen', '30d': 'Laatste 30 dagen' };

export const alarmFilterEntries = {
  query: pageSizeFields.query,
  sort: v.optional(v.picklist(ALARM_SORTS, `Sorteer op ${ALARM_SORTS.join(' of ')}.`), 'receivedAt,desc'),
  /** A user id, `me` or `none`. */
  assignee: v.optional(v.union([v.literal('me'), v.literal('none'), idValue('')], 'Filter op een gebruikers-id, me of none.')),
  /** A comma list of priorities, e.g. `HIGH,MEDIUM`. */
  priority: v.optional(
    v.pipe(
      v.union(
        [
          v.array(prioritySchema),
          v.pipe(
            v.string(),
            v.regex(/^(LOW|MEDIUM|HIGH)(,(LOW|MEDIUM|HIGH))*$/),
            v.transform((s) => s.split(',') as Priority[]),
          ),
        ],
        "Filter op LOW, MEDIUM en/of HIGH, gescheiden door komma's.",
      ),
      v.transform((list) => [...new Set(list)]),
    ),
  ),
  acknowledged: v.optional(booleanParam('acknowledged')),
  resolved: v.optional(booleanParam('resolved')),
  overdue: v.optional(booleanParam('overdue')),
  locationId: v.optional(idValue('Filter op het id van een locatie.')),
  /** Local dates on `receivedAt`, `to` exclusive. */
  from: v.optional(localDaySchema('from')),
  to: v.optional(localDaySchema('to')),
  period: v.optional(v.picklist(PERIODS, `De periode is ${PERIODS.join(', ')}.`)),
};

/**
 * An object of these entries whose `to` (when given with `from`) does not lie before `from`: `from`
 * equal to `to` is an empty range (`to` is exclusive), so an empty page; a reversed one is a 400 on `to`.
 */
export const datedObject = <T extends v.ObjectEntries>(entries: T) =>
  v.pipe(
    v.object(entries),
    v.forward(
      v.check((q) => {
        const { from, to } = q as { from?: string; to?: string };
        return !from || !to || from <= to;
      }, '`to` mag niet vóór `from` liggen.'),
      ['to' as never],
    ),
  );

/** The dashboard-wide filters also name a folder. */
export const folderFilter = { folderId: v.optional(idValue('Filter op het id van een map.')) };

/** A folder's list (`GET /folders/{id}/alarms`). */
export const listAlarmsSchema = datedObject({ folderId: idSchema, page: pageSizeFields.page, size: pageSizeFields.size, ...alarmFilterEntries });

/** Every folder of a dashboard at once (`GET /dashboards/{id}/alarms`). */
export const dashboardAlarmsSchema = datedObject({
  dashboardId: idSchema,
  page: pageSizeFields.page,
  size: pageSizeFields.size,
  ...folderFilter,
  ...alarmFilterEntries,
});

/** The filters alone (the CSV export, a saved view's count). */
export const alarmFilterSchema = datedObject({ ...folderFilter, ...alarmFilterEntries });
export type AlarmFilter = v.InferOutput<typeof alarmFilterSchema>;
export const exportAlarmsSchema = datedObject({ dashboardId: idSchema, ...folderFilter, ...alarmFilterEntries });
