/**
 * The alarm set-up guide's figures: for one dashboard (or the caller's first), how many sources,
 * parsers, notification rules, escalation policies and on-call schedules it has. Each is counted
 * by its own module's queries; this module sits above them all and owns no table.
 */
import { DASHBOARD_ABSENT } from '@/domain/alarm-dashboard';
import { alarmSetupQuerySchema, alarmSetupSchema } from '@/domain/alarm-setup';
import { router, staffProcedure } from '../../api/trpc/trpc';
import { callerOf } from '../../platform/caller';
import { notFound } from '../../platform/errors';
import { alarmSetupOf } from './alarm-setup.service';

export const alarmSetupRouter = router({
  get: staffProcedure
    .input(alarmSetupQuerySchema)
    .output(alarmSetupSchema)
    .query(async ({ ctx, input }) => {
      const setup = await alarmSetupOf(ctx, callerOf(ctx), input.dashboardId);
      if (!setup) throw notFound(DASHBOARD_ABSENT);
      return setup;
    }),
});
