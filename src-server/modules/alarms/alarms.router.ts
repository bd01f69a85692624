/** Alarm work and counts over REST and tRPC, and the live event stream. */
import * as v from 'valibot';
import {
  alarmDeadlineSchema,
  alarmDetailSchema,
  alarmFolderSchema,
  alarmIdsSchema,
  alarmInFolderSchema,
  alarmListItemSchema,
  alarmNotesSchema,
  alarmPrioritySchema,
  alarmSeenSchema,
  alarmKeySchema,
  MAX_ALARMS_PER_CALL,
  assigneeSchema,
  createAlarmSchema,
  periodicCountItemSchema,
  periodicCountSchema,
  priorityCountSchema,
} from '@/domain/alarm';
import { dashboardUserSchema } from '@/domain/alarm-dashboard';
import { dashboardAlarmsSchema, exportAlarmsSchema, listAlarmsSchema } from '@/domain/alarm-filter';
import { historyItemSchema } from '@/domain/alarm-lifecycle';
import { idSchema } from '@/domain/common';
import { pageSchema } from '@/domain/paging';
import { epochSeconds } from '../../platform/clock';
import { rest } from '../../api/trpc/rest-route';
import { router } from '../../api/trpc/trpc';
import { ALARMS, alarmAreaProcedure, dashboardProcedure } from '../alarm-dashboards/alarm-dashboards.procedures';
import { folderProcedure } from '../alarm-folders/alarm-folders.procedures';
import * as counts from './alarm-counts.service';
import { dashboardEvents, dashboardSubscription } from './alarm-events';
import { alarmsCsv } from './alarm-export';
import { listAlarmsIn } from './alarm-lists.queries';
import * as service from './alarms.service';
import { callerOf } from '../../platform/caller';

const dashboard = { params: { id: 'dashboardId' } };
const folder = { params: { id: 'folderId', ids: 'alarmIds' } };
const alarm = { params: { id: 'alarmId' } };
const byAlarm = v.object({ alarmId: idSchema });
/** Where a reconnecting reader resumes: tRPC and the REST adapter fill it from the `Last-Event-ID` header too. */
const liveInput = v.object({ lastEventId: v.optional(v.pipe(v.string(), v.maxLength(20))) });

export const alarmsRouter = router({
  list: folderProcedure
    .meta(
      rest(
        `GET ${ALARMS}/folders/{id}/alarms`,
        "A page of the folder's alarms with the console's filters: query (line, data, location, subject), sort, assignee (a user id, me or none), priority, acknowledged, resolved, overdue, locationId, from/to or period",
        { params: { id: 'folderId' } },
      ),
    )
    .input(listAlarmsSchema)
    .output(pageSchema('alarms', alarmListItemSchema))
    .query(async ({ ctx, input }) => {
      const { items, totalNumberOfPages } = await listAlarmsIn(ctx.db, { folderId: input.folderId }, input, ctx.user.id, epochSeconds(ctx.clock));
      return { alarms: items.map(({ folderId: _, ...item }) => item), totalNumberOfPages };
    }),
  search: dashboardProcedure
    .meta(
      rest(
        `GET ${ALARMS}/dashboards/{id}/alarms`,
        "A page of the dashboard's alarms over every folder (the trash only when folderId names it), with the folder list's filters and folderId",
        dashboard,
      ),
    )
    .input(dashboardAlarmsSchema)
    .output(pageSchema('alarms', alarmInFolderSchema))
    .query(async ({ ctx, input }) => {
      const { items, totalNumberOfPages } = await listAlarmsIn(ctx.db, { dashboardId: input.dashboardId }, input, ctx.user.id, epochSeconds(ctx.clock));
      return { alarms: items, totalNumberOfPages };
    }),
  exportCsv: dashboardProcedure
    .meta(
      rest(
        `GET ${ALARMS}/dashboards/{id}/alarms.csv`,
        "The dashboard's filtered alarms as CSV for a spreadsheet (the list's filters): Dutch headers, ; separated, decimal commas, a BOM, local times dd-MM-yyyy HH:mm; streamed",
        { ...dashboard, produces: { type: 'text/csv', filename: 'alarmen.csv' } },
      ),
    )
    .input(exportAlarmsSchema)
    .query(({ ctx, input }) => alarmsCsv(ctx.db, input.dashboardId, input, ctx.user.id, epochSeconds(ctx.clock))),
  move: folderProcedure
    .meta(rest(`POST ${ALARMS}/folders/{id}/alarms/{ids}`, 'Move alarms of the dashboard into this folder, all or none', { ...folder, status: 204 }))
    .input(v.object({ alarmIds: alarmIdsSchema }))
    .mutation(({ ctx, input }) => service.moveAlarmsTo(ctx, callerOf(ctx), ctx.folder, input.alarmIds)),
  deleteMany: folderProcedure
    .meta(rest(`DELETE ${ALARMS}/folders/{id}/alarms/{ids}`, 'Delete alarms of this folder: to the trash; from the trash for good', { ...folder, status: 204 }))
    .input(v.object({ alarmIds: alarmIdsSchema }))
    .mutation(({ ctx, input }) => service.deleteAlarmsIn(ctx, callerOf(ctx), ctx.folder, input.alarmIds)),
  create: dashboardProcedure
    .meta(
      rest(
        `POST ${ALARMS}/dashboards/{id}/alarms`,
        "Raise an alarm (monitoring tools, scripts, a call taken by phone); the dashboard's defaults fill what is not given",
        { ...dashboard, status: 201 },
      ),
    )
    .input(createAlarmSchema)
    .output(alarmDetailSchema)
    .mutation(({ ctx, input }) => service.createAlarm(ctx, callerOf(ctx), input)),
  get: alarmAreaProcedure
    .meta(rest(`GET ${ALARMS}/alarms/{id}`, 'One alarm with its data, notes, folder and e-mail (reading does not mark it seen)', alarm))
    .input(byAlarm)
    .output(alarmDetailSchema)
    .query(({ ctx, input }) => service.getAlarm(ctx, callerOf(ctx), input.alarmId)),
  delete: alarmAreaProcedure
    .meta(rest(`DELETE ${ALARMS}/alarms/{id}`, 'Delete an alarm: to the trash; from the trash for good', { ...alarm, status: 204 }))
    .input(byAlarm)
    .mutation(({ ctx, input }) => service.deleteAlarm(ctx, callerOf(ctx), input.alarmId)),
  setDeadline: alarmAreaProcedure
    .meta(rest(`PATCH ${ALARMS}/alarms/{id}/deadline`, 'Set or clear (null) the deadline, an instant with offset', alarm))
    .input(alarmDeadlineSchema)
    .output(alarmDetailSchema)
    .mutation(({ ctx, input: { alarmId, deadlineAt } }) => service.changeAlarm(ctx, callerOf(ctx), alarmId, { deadlineAt })),
  setNotes: alarmAreaProcedure
    .meta(rest(`PATCH ${ALARMS}/alarms/{id}/notes`, 'Replace the notes (at most 10,000 characters)', alarm))
    .input(alarmNotesSchema)
    .output(alarmDetailSchema)
    .mutation(({ ctx, input: { alarmId, notes } }) => service.changeAlarm(ctx, callerOf(ctx), alarmId, { notes })),
  setFolder: alarmAreaProcedure
    .meta(rest(`PATCH ${ALARMS}/alarms/{id}/folder`, 'Move the alarm to another folder of its dashboard', alarm))
    .input(alarmFolderSchema)
    .output(alarmDetailSchema)
    .mutation(({ ctx, input: { alarmId, folderId } }) => service.changeAlarm(ctx, callerOf(ctx), alarmId, { folderId })),
  setPriority: alarmAreaProcedure
    .meta(rest(`PATCH ${ALARMS}/alarms/{id}/priority`, 'Set the priority', alarm))
    .input(alarmPrioritySchema)
    .output(alarmDetailSchema)
    .mutation(({ ctx, input: { alarmId, priority } }) => service.changeAlarm(ctx, callerOf(ctx), alarmId, { priority })),
  setSeen: alarmAreaProcedure
    .meta(rest(`PATCH ${ALARMS}/alarms/{id}/seen`, 'Mark read or unread (the console marks an alarm seen when it is opened)', alarm))
    .input(alarmSeenSchema)
    .output(alarmDetailSchema)
    .mutation(({ ctx, input: { alarmId, seen } }) => service.changeAlarm(ctx, callerOf(ctx), alarmId, { seen })),
  acknowledge: alarmAreaProcedure
    .meta(
      rest(`POST ${ALARMS}/alarms/{id}/acknowledge`, 'Acknowledge ("I\'m on it"): acknowledgedAt once, seen, and the caller assigned when assignable', alarm),
    )
    .input(byAlarm)
    .output(alarmDetailSchema)
    .mutation(({ ctx, input }) => service.acknowledgeAlarm(ctx, callerOf(ctx), input.alarmId)),
  acknowledgeMany: dashboardProcedure
    .meta(
      rest(`POST ${ALARMS}/dashboards/{id}/alarms/acknowledge`, 'Acknowledge several alarms of the dashboard at once, all or none', {
        ...dashboard,
        status: 204,
      }),
    )
    .input(
      v.object({
        alarmIds: v.pipe(
          v.array(idSchema, 'Geef alarmIds als een lijst van ids.'),
          v.minLength(1, 'Geef minstens één alarm.'),
          v.maxLength(MAX_ALARMS_PER_CALL, `Hoogstens ${MAX_ALARMS_PER_CALL} alarmen tegelijk.`),
        ),
      }),
    )
    .mutation(({ ctx, input }) => service.acknowledge(ctx, callerOf(ctx), input.dashboardId, [...new Set(input.alarmIds)])),
  resolveByKey: dashboardProcedure
    .meta(
      rest(
        `POST ${ALARMS}/dashboards/{id}/alarms/resolve`,
        'Resolve every open alarm with this key (moved to the resolved folder, resolution API); answers how many',
        dashboard,
      ),
    )
    .input(v.object({ key: alarmKeySchema }))
    .output(v.object({ resolved: v.number() }))
    .mutation(({ ctx, input }) => service.resolveByKey(ctx, callerOf(ctx), input.dashboardId, input.key)),
  history: alarmAreaProcedure
    .meta(rest(`GET ${ALARMS}/alarms/{id}/history`, 'Every change of the alarm, oldest first, with who made it', alarm))
    .input(byAlarm)
    .output(v.array(historyItemSchema))
    .query(({ ctx, input }) => service.alarmHistory(ctx, callerOf(ctx), input.alarmId)),
  assignees: alarmAreaProcedure
    .meta(rest(`GET ${ALARMS}/alarms/{id}/assignees`, 'The users the alarm is assigned to', alarm))
    .input(byAlarm)
    .output(v.array(dashboardUserSchema))
    .query(({ ctx, input }) => service.alarmAssignees(ctx, callerOf(ctx), input.alarmId)),
  assign: alarmAreaProcedure
    .meta(rest(`POST ${ALARMS}/alarms/{id}/assignees`, "Assign a user of the dashboard; answers the alarm's assignees", alarm))
    .input(assigneeSchema)
    .output(v.array(dashboardUserSchema))
    .mutation(({ ctx, input }) => service.assign(ctx, callerOf(ctx), input.alarmId, input.userId)),
  unassign: alarmAreaProcedure
    .meta(rest(`DELETE ${ALARMS}/alarms/{id}/assignees/{userId}`, 'Remove an assignee', { ...alarm, status: 204 }))
    .input(assigneeSchema)
    .mutation(({ ctx, input }) => service.unassign(ctx, callerOf(ctx), input.alarmId, input.userId)),
  countPerPriority: dashboardProcedure
    .meta(rest(`GET ${ALARMS}/dashboards/{id}/alarm-count`, 'Alarms in relevant folders per priority, all three', dashboard))
    .output(v.array(priorityCountSchema))
    .query(({ ctx, input }) => counts.alarmCountPerPriority(ctx, input.dashboardId)),
  assignedCount: dashboardProcedure
    .meta(rest(`GET ${ALARMS}/dashboards/{id}/assigned-alarm-count`, 'Alarms in relevant folders assigned to you', dashboard))
    .output(v.number())
    .query(({ ctx, input }) => counts.assignedAlarmCount(ctx, callerOf(ctx), input.dashboardId)),
  unassignedCount: dashboardProcedure
    .meta(rest(`GET ${ALARMS}/dashboards/{id}/unassigned-alarm-count`, 'Alarms in relevant folders without an assignee', dashboard))
    .output(v.number())
    .query(({ ctx, input }) => counts.unassignedAlarmCount(ctx, input.dashboardId)),
  periodicCount: dashboardProcedure
    .meta(
      rest(
        `GET ${ALARMS}/dashboards/{id}/periodic-alarm-count`,
        'Alarms outside the trash per local day, week or month in [from, to), every bucket present',
        dashboard,
      ),
    )
    .input(periodicCountSchema)
    .output(v.array(periodicCountItemSchema))
    .query(({ ctx, input }) => counts.periodicAlarmCount(ctx, input.dashboardId, input)),
  events: dashboardProcedure
    .meta(
      rest(
        `GET ${ALARMS}/dashboards/{id}/events`,
        'Server-sent events with ids: `alarm` {type, alarmId, folderId} and `counts`, a comment heartbeat every 25 s; with `Last-Event-ID` (or lastEventId) what was missed, or `resync` when that is no longer held',
        dashboard,
      ),
    )
    .input(liveInput)
    .subscription(({ ctx, input, signal }) => dashboardEvents(ctx, input.dashboardId, input.lastEventId, signal)),
  // The console's subscription (tRPC over SSE, not a REST operation: the REST stream above is for scripts).
  live: dashboardProcedure.input(liveInput).subscription(({ ctx, input, signal }) => dashboardSubscription(ctx, input.dashboardId, input.lastEventId, signal)),
});
