/** `/api/v1/actions/{token}`: the one-time link of a notification, read (never acts) and used (acts once), without a session. */
import { actOnAlarmSchema, actionOutcomeSchema, actionTokenSchema, actionViewSchema } from '@/domain/alarm-action';
import { rest } from '../../api/trpc/rest-route';
import { publicProcedure, router } from '../../api/trpc/trpc';
import type { SharedLimiter } from '../../platform/shared-rate-limit';
import * as service from './alarm-actions.service';

/** The services this module's procedures use, built by the composition root. */
declare module '../../api/trpc/context' {
  interface AppServices {
    /** Failed posts of action links per IP. */
    actionLimit: SharedLimiter;
  }
}

const token = { public: true, errors: [404 as const, 409 as const] };

export const alarmActionsRouter = router({
  view: publicProcedure
    .meta(
      rest('GET /api/v1/actions/{token}', "The alarm a notification's action link is about and for whom; never acts (404 unknown, 409 used or expired)", token),
    )
    .input(actionTokenSchema)
    .output(actionViewSchema)
    .query(({ ctx, input }) => service.viewAction(ctx, input.token)),
  act: publicProcedure
    .meta(
      rest(
        'POST /api/v1/actions/{token}',
        "Acknowledge or resolve the link's alarm as the person it was sent to, once (429 after too many bad links from one IP)",
        {
          ...token,
          errors: [404, 409, 429],
        },
      ),
    )
    .input(actOnAlarmSchema)
    .output(actionOutcomeSchema)
    .mutation(({ ctx, input }) => service.act({ ...ctx, limit: ctx.actionLimit }, input.token, input.action, ctx.ip)),
});
