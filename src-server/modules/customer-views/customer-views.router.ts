import * as v from 'valibot';
import { idSchema } from '@/domain/common';
import { locationStatusSchema, monthReportInputSchema, monthReportSchema } from '@/domain/customer-view';
import { callerOf } from '../../platform/caller';
import { rest } from '../../api/trpc/rest-route';
import { router, signedInProcedure } from '../../api/trpc/trpc';
import * as service from './customer-views.service';

export const customerViewsRouter = router({
  status: signedInProcedure
    .meta(
      rest(
        'GET /api/v1/locations/{id}/status',
        "A location's open alarms, alarms resolved in 30 days with their time to resolve, planned and active maintenance, and the firm's contact block; for its customers while its customerView is SUMMARY, and for staff",
        { params: { id: 'locationId' } },
      ),
    )
    .input(v.object({ locationId: idSchema }))
    .output(locationStatusSchema)
    .query(({ ctx, input }) => service.locationStatus(ctx, callerOf(ctx), input.locationId)),
  monthReport: signedInProcedure
    .meta(
      rest(
        'GET /api/v1/locations/{id}/month-report',
        "One month of a location (month=YYYY-MM, default last month): energy per module and that month's alarms with their time to resolve (alarms null for its customers while its customerView is NONE)",
        { params: { id: 'locationId' } },
      ),
    )
    .input(monthReportInputSchema)
    .output(monthReportSchema)
    .query(({ ctx, input }) => service.monthReport(ctx, callerOf(ctx), input)),
});
