/**
 * `POST /api/v1/alarms/hooks/{alertmanager|grafana|generic}`, called with an
 * ingest token: the token names the dashboard, the body carries at most 1,000 alerts.
 */
import { genericPayloadSchema, hookResultSchema, monitoringPayloadSchema } from '@/domain/alarm-hook';
import { rest } from '../../api/trpc/rest-route';
import { router } from '../../api/trpc/trpc';
import { ALARMS } from '../alarm-dashboards/alarm-dashboards.procedures';
import { fromGenericPayload, fromMonitoringAlert } from './hook-alerts';
import { ingestProcedure } from '../ingest-tokens/ingest-tokens.procedures';
import { takeAlerts } from './alarm-hooks.service';
import type { IngestLimit } from './ingest-limit';

const hook = (tool: string, summary: string) => rest(`POST ${ALARMS}/hooks/${tool}`, summary, { errors: [429] });

/** The services this module's procedures use, built by the composition root. */
declare module '../../api/trpc/context' {
  interface AppServices {
    ingestLimit: IngestLimit;
  }
}

export const alarmHooksRouter = router({
  alertmanager: ingestProcedure
    .meta(hook('alertmanager', 'Prometheus Alertmanager webhook (version 4) with an ingest token: firing raises or groups by fingerprint, resolved resolves'))
    .input(monitoringPayloadSchema)
    .output(hookResultSchema)
    .mutation(({ ctx, input }) => takeAlerts(ctx, ctx.ingestToken, 'Alertmanager', input.alerts.map(fromMonitoringAlert))),
  grafana: ingestProcedure
    .meta(hook('grafana', 'Grafana alerting webhook contact point with an ingest token: as Alertmanager, plus `values` in the data'))
    .input(monitoringPayloadSchema)
    .output(hookResultSchema)
    .mutation(({ ctx, input }) => takeAlerts(ctx, ctx.ingestToken, 'Grafana', input.alerts.map(fromMonitoringAlert))),
  generic: ingestProcedure
    .meta(hook('generic', 'Alarms from any script with an ingest token: `{alerts: [{key?, line, priority?, status?, data?}]}` or one such alert'))
    .input(genericPayloadSchema)
    .output(hookResultSchema)
    .mutation(({ ctx, input }) =>
      takeAlerts(ctx, ctx.ingestToken, 'generiek', fromGenericPayload(input), (i) => (input.alerts ? `alerts.${i}.locationId` : 'locationId')),
    ),
});
