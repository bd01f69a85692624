/** `/api/v1/alarms/…ingest-tokens…`: create (shown once), list and revoke a dashboard's ingest tokens. */
import * as v from 'valibot';
import { createIngestTokenSchema, createdIngestTokenSchema, ingestTokenSchema } from '@/domain/ingest-token';
import { rest } from '../../api/trpc/rest-route';
import { router } from '../../api/trpc/trpc';
import { ALARMS, dashboardRowSettingsProcedure, dashboardSettingsProcedure } from '../alarm-dashboards/alarm-dashboards.procedures';
import { findVisibleToken } from './ingest-tokens.queries';
import * as service from './ingest-tokens.service';
import { callerOf } from '../../platform/caller';

const dashboard = { params: { id: 'dashboardId' } };

/** Input carries `tokenId`, a token of a dashboard whose settings the caller may change. */
const tokenSettingsProcedure = dashboardRowSettingsProcedure(
  'tokenId',
  'ingestToken',
  (ctx, id) => findVisibleToken(ctx.db, ctx.user, id),
  service.TOKEN_ABSENT,
);

export const ingestTokensRouter = router({
  list: dashboardSettingsProcedure
    .meta(rest(`GET ${ALARMS}/dashboards/{id}/ingest-tokens`, "The dashboard's ingest tokens with their last use (never the token itself)", dashboard))
    .output(v.array(ingestTokenSchema))
    .query(({ ctx, input }) => service.listTokens(ctx, input.dashboardId)),
  create: dashboardSettingsProcedure
    .meta(
      rest(`POST ${ALARMS}/dashboards/{id}/ingest-tokens`, 'Create an ingest token for the hooks; `token` is shown only in this answer', {
        ...dashboard,
        status: 201,
      }),
    )
    .input(createIngestTokenSchema)
    .output(createdIngestTokenSchema)
    .mutation(({ ctx, input }) => service.createToken(ctx, callerOf(ctx), input)),
  revoke: tokenSettingsProcedure
    .meta(rest(`DELETE ${ALARMS}/ingest-tokens/{id}`, 'Revoke an ingest token: the next request with it is a 401', { params: { id: 'tokenId' }, status: 204 }))
    .mutation(({ ctx }) => service.revokeToken(ctx, ctx.ingestToken.id)),
});
