/**
 * Saved views per user and dashboard: `GET|POST /dashboards/{id}/views`, `PATCH|DELETE
 * /views/{id}`; the list answers each view with the number of alarms it shows now.
 */
import * as v from 'valibot';
import { alarmFilterSchema } from '@/domain/alarm-filter';
import { type AlarmView, createViewSchema, updateViewSchema, viewSchema } from '@/domain/alarm-view';
import { idSchema } from '@/domain/common';
import { epochSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { rest } from '../../api/trpc/rest-route';
import { router, scopedProcedure } from '../../api/trpc/trpc';
import { ALARMS, alarmAreaProcedure, dashboardProcedure } from '../alarm-dashboards/alarm-dashboards.procedures';
import { countAlarms } from '../alarms/alarm-lists.queries';
import * as q from './alarm-views.queries';

const VIEW_ABSENT = 'Deze weergave bestaat niet.';
const viewProcedure = scopedProcedure('viewId', 'view', (ctx, id) => q.findOwnView(ctx.db, ctx.user, id), VIEW_ABSENT, alarmAreaProcedure);

/** A stored view with its count now (a filter that no longer reads, which validation prevents, counts 0). */
async function withCount(db: DB, row: { id: number; name: string; filter: string }, dashboardId: number, userId: number, at: number): Promise<AlarmView> {
  const filter = JSON.parse(row.filter) as Record<string, string>;
  const parsed = v.safeParse(alarmFilterSchema, filter);
  const count = parsed.success ? await countAlarms(db, { dashboardId }, parsed.output, userId, at) : 0;
  return { id: row.id, name: row.name, filter, count };
}

export const alarmViewsRouter = router({
  list: dashboardProcedure
    .meta(
      rest(`GET ${ALARMS}/dashboards/{id}/views`, 'Your saved views of the dashboard, by name, each with the number of alarms it shows now', {
        params: { id: 'dashboardId' },
      }),
    )
    .output(v.array(viewSchema))
    .query(async ({ ctx, input }) => {
      const at = epochSeconds(ctx.clock);
      const rows = await q.viewsOf(ctx.db, input.dashboardId, ctx.user.id);
      return Promise.all(rows.map((row) => withCount(ctx.db, row, input.dashboardId, ctx.user.id, at)));
    }),
  create: dashboardProcedure
    .meta(
      rest(`POST ${ALARMS}/dashboards/{id}/views`, 'Save a view: a name and the filter as query parameters (strings)', {
        params: { id: 'dashboardId' },
        status: 201,
      }),
    )
    .input(createViewSchema)
    .output(viewSchema)
    .mutation(async ({ ctx, input }) => {
      const at = epochSeconds(ctx.clock);
      const id = await q.insertView(ctx.db, { dashboardId: input.dashboardId, userId: ctx.user.id, name: input.name, filter: input.filter, createdAt: at });
      return withCount(ctx.db, { id, name: input.name, filter: JSON.stringify(input.filter) }, input.dashboardId, ctx.user.id, at);
    }),
  update: viewProcedure
    .meta(rest(`PATCH ${ALARMS}/views/{id}`, 'Rename a view or replace its filter', { params: { id: 'viewId' } }))
    .input(updateViewSchema)
    .output(viewSchema)
    .mutation(async ({ ctx, input }) => {
      await q.updateViewRow(ctx.db, ctx.view.id, input);
      const row = (await q.findOwnView(ctx.db, ctx.user, ctx.view.id))!;
      return withCount(ctx.db, row, row.dashboardId, ctx.user.id, epochSeconds(ctx.clock));
    }),
  delete: viewProcedure
    .meta(rest(`DELETE ${ALARMS}/views/{id}`, 'Delete a view', { params: { id: 'viewId' }, status: 204 }))
    .input(v.object({ viewId: idSchema }))
    .mutation(async ({ ctx }) => {
      await q.deleteViewRow(ctx.db, ctx.view.id);
    }),
});
