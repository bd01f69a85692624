/** `GET /api/v1/alarms/dashboards/{id}/response-times`: how fast a dashboard's alarms were handled. */
import * as v from 'valibot';
import { responseTimeItemSchema, responseTimesSchema } from '@/domain/alarm-report';
import { rest } from '../../api/trpc/rest-route';
import { router } from '../../api/trpc/trpc';
import { ALARMS, dashboardProcedure } from '../alarm-dashboards/alarm-dashboards.procedures';
import { responseTimes } from './alarm-reports.service';

export const alarmReportsRouter = router({
  responseTimes: dashboardProcedure
    .meta(
      rest(
        `GET ${ALARMS}/dashboards/{id}/response-times`,
        'Per local day, week or month of receipt (outside the trash): raised, acknowledged and resolved, with the median and p90 seconds to each',
        { params: { id: 'dashboardId' } },
      ),
    )
    .input(responseTimesSchema)
    .output(v.array(responseTimeItemSchema))
    .query(({ ctx, input }) => responseTimes(ctx, input.dashboardId, input)),
});
