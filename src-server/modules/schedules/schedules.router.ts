/** `/api/v1/…schedules…`: on-call schedules, their overrides, who is on call, the rota, and the personal calendar feed's address. */
import * as v from 'valibot';
import {
  calendarUrlSchema,
  createOverrideSchema,
  createScheduleSchema,
  onCallQuerySchema,
  onCallSchema,
  overrideSchema,
  scheduleMemberSchema,
  scheduleSchema,
  scheduleSummarySchema,
  shiftsQuerySchema,
  shiftsSchema,
  updateScheduleSchema,
} from '@/domain/schedule';
import { rest } from '../../api/trpc/rest-route';
import { router, staffProcedure } from '../../api/trpc/trpc';
import { type FeedDeps, calendarUrl, resetCalendarUrl } from './calendar-feed';
import { overrideProcedure, scheduleOrganizationProcedure, scheduleProcedure } from './schedules.procedures';
import * as service from './schedules.service';
import { callerOf } from '../../platform/caller';

const V1 = '/api/v1';
const organization = { params: { id: 'organizationId' } };
const schedule = { params: { id: 'scheduleId' } };
const override = { params: { id: 'overrideId' } };

export const schedulesRouter = router({
  /** The schedules page: every schedule the caller may see, with who is on call now. */
  overview: staffProcedure.output(v.array(scheduleSummarySchema)).query(({ ctx }) => service.overview(ctx, callerOf(ctx))),
  /** Who may be on a schedule of the organization (its admins and installers), for the forms. */
  members: scheduleOrganizationProcedure.output(v.array(scheduleMemberSchema)).query(({ ctx }) => service.members(ctx, ctx.organization.id)),
  list: scheduleOrganizationProcedure
    .meta(rest(`GET ${V1}/organizations/{id}/schedules`, "The organization's on-call schedules, by name", organization))
    .output(v.array(scheduleSchema))
    .query(({ ctx }) => service.listSchedules(ctx, ctx.organization.id)),
  create: scheduleOrganizationProcedure
    .meta(
      rest(
        `POST ${V1}/organizations/{id}/schedules`,
        'Create a schedule: layers of users in turn order handing off every 1–4 days or weeks at the local time of `start`, optionally within weekday/time windows; 409 when the name is taken',
        { ...organization, status: 201, errors: [409] },
      ),
    )
    .input(createScheduleSchema)
    .output(scheduleSchema)
    .mutation(({ ctx, input }) => service.createSchedule(ctx, input)),
  get: scheduleProcedure
    .meta(rest(`GET ${V1}/schedules/{id}`, 'One schedule with its layers and the overrides that have not ended', schedule))
    .output(scheduleSchema)
    .query(({ ctx }) => service.getSchedule(ctx, ctx.schedule)),
  update: scheduleProcedure
    .meta(rest(`PATCH ${V1}/schedules/{id}`, 'Rename a schedule and/or replace its layers as a whole', { ...schedule, errors: [409] }))
    .input(updateScheduleSchema)
    .output(scheduleSchema)
    .mutation(({ ctx, input }) => service.updateSchedule(ctx, ctx.schedule, input)),
  delete: scheduleProcedure
    .meta(rest(`DELETE ${V1}/schedules/{id}`, 'Delete a schedule with its layers and overrides', { ...schedule, status: 204 }))
    .mutation(({ ctx }) => service.deleteSchedule(ctx, ctx.schedule)),
  addOverride: scheduleProcedure
    .meta(
      rest(
        `POST ${V1}/schedules/{id}/overrides`,
        'Put `userId` on call instead of the layers over [from, to) (local `YYYY-MM-DDTHH:mm`); a span in the past records a swap that already happened',
        {
          ...schedule,
          status: 201,
        },
      ),
    )
    .input(createOverrideSchema)
    .output(overrideSchema)
    .mutation(({ ctx, input }) => service.addOverride(ctx, callerOf(ctx), ctx.schedule, input)),
  deleteOverride: overrideProcedure
    .meta(rest(`DELETE ${V1}/overrides/{id}`, 'Remove an override', { ...override, status: 204 }))
    .mutation(({ ctx }) => service.deleteOverride(ctx, ctx.override)),
  onCall: scheduleProcedure
    .meta(rest(`GET ${V1}/schedules/{id}/on-call`, 'Who is on call at `at` (now when absent) and `until` the next change (null: none within a year)', schedule))
    .input(onCallQuerySchema)
    .output(onCallSchema)
    .query(({ ctx, input }) => service.onCall(ctx, ctx.schedule, input.at)),
  shifts: scheduleProcedure
    .meta(rest(`GET ${V1}/schedules/{id}/shifts`, 'The final rota over [from, to) (at most 366 days), merged, in ISO with offset', schedule))
    .input(shiftsQuerySchema)
    .output(shiftsSchema)
    .query(({ ctx, input }) => service.shifts(ctx, ctx.schedule, input)),
  calendarUrl: staffProcedure
    .meta(rest(`GET ${V1}/users/me/calendar-url`, 'The secret address of your calendar feed of shifts (made on first use)'))
    .output(calendarUrlSchema)
    .query(({ ctx }) => calendarUrl(feedDeps(ctx), ctx.user.id)),
  resetCalendarUrl: staffProcedure
    .meta(rest(`POST ${V1}/users/me/calendar-url/reset`, 'A new secret address for your calendar feed; the old one stops working at once'))
    .output(calendarUrlSchema)
    .mutation(({ ctx }) => resetCalendarUrl(feedDeps(ctx), ctx.user.id)),
});

/** The feed's deps from the request context: the address is PUBLIC_URL's. */
const feedDeps = (ctx: Omit<FeedDeps, 'publicUrl'> & { notify: { publicUrl: string } }): FeedDeps => ({
  db: ctx.db,
  clock: ctx.clock,
  secrets: ctx.secrets,
  publicUrl: ctx.notify.publicUrl,
});
