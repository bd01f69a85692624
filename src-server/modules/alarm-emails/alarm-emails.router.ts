/** The inbox over REST and tRPC: a dashboard's e-mails, one e-mail, its attempts. */
import * as v from 'valibot';
import { emailOverviewSchema, emailReadSchema, emailSchema, listEmailsSchema, parsingAttemptSchema } from '@/domain/alarm-email';
import { idSchema } from '@/domain/common';
import { pageSchema } from '@/domain/paging';
import { callerOf } from '../../platform/caller';
import { rest } from '../../api/trpc/rest-route';
import { router } from '../../api/trpc/trpc';
import {
  ALARMS,
  alarmAreaProcedure,
  assertCustomizable,
  dashboardProcedure,
  dashboardSettingsProcedure,
} from '../alarm-dashboards/alarm-dashboards.procedures';
import { listEmails } from './alarm-emails.queries';
import * as service from './alarm-emails.service';
import type { EmailParsing } from './alarm-emails.service';

const email = { params: { id: 'emailId' } };
const byEmail = v.object({ emailId: idSchema });

/** The services this module's procedures use, built by the composition root. */
declare module '../../api/trpc/context' {
  interface AppServices {
    parsing: EmailParsing;
  }
}

export const alarmEmailsRouter = router({
  list: dashboardProcedure
    .meta(
      rest(`GET ${ALARMS}/dashboards/{id}/emails`, "A page of the dashboard's stored e-mails, newest first unless sorted otherwise; filter by parsing status", {
        params: { id: 'dashboardId' },
      }),
    )
    .input(listEmailsSchema)
    .output(pageSchema('emails', emailOverviewSchema))
    .query(({ ctx, input }) => listEmails(ctx.db, input)),
  get: alarmAreaProcedure
    .meta(rest(`GET ${ALARMS}/emails/{id}`, 'One e-mail: headers, text body, sanitized HTML', email))
    .input(byEmail)
    .output(emailSchema)
    .query(({ ctx, input }) => service.getEmail(ctx, callerOf(ctx), input.emailId)),
  attempts: alarmAreaProcedure
    .meta(rest(`GET ${ALARMS}/emails/{id}/parsing-attempts`, "The e-mail's parsing attempts, oldest first", email))
    .input(byEmail)
    .output(v.array(parsingAttemptSchema))
    .query(({ ctx, input }) => service.emailAttempts(ctx, callerOf(ctx), input.emailId)),
  markRead: alarmAreaProcedure
    .meta(rest(`PATCH ${ALARMS}/emails/{id}/read`, 'Mark read (readAt = now) or unread again; the inbox marks an e-mail read when it is opened', email))
    .input(emailReadSchema)
    .output(emailSchema)
    .mutation(({ ctx, input }) => service.setRead(ctx, callerOf(ctx), input.emailId, input.read)),
  reparse: alarmAreaProcedure
    .meta(
      rest(
        `POST ${ALARMS}/emails/{id}/reparse`,
        'Run the parsers on the e-mail again now; answers the e-mail after parsing (an alarm it made is kept, never doubled)',
        { ...email, errors: [429] },
      ),
    )
    .input(byEmail)
    .output(emailSchema)
    .mutation(async ({ ctx, input }) => {
      // Re-parsing loads the parser pool: on a locked dashboard only admins may, and it is rate-limited.
      const dashboardId = await service.dashboardOfEmail(ctx, callerOf(ctx), input.emailId);
      await assertCustomizable(ctx, dashboardId);
      ctx.parseCallLimit(dashboardId);
      return service.reparse(ctx, callerOf(ctx), input.emailId);
    }),
  reparseRejected: dashboardSettingsProcedure
    .meta(
      rest(
        `POST ${ALARMS}/dashboards/{id}/emails/reparse-rejected`,
        'Queue every REJECTED e-mail of the dashboard for parsing again (after a parser changed); answers how many',
        { params: { id: 'dashboardId' }, errors: [429] },
      ),
    )
    .output(v.object({ count: v.number() }))
    .mutation(({ ctx, input }) => {
      ctx.parseCallLimit(input.dashboardId);
      return service.reparseRejected(ctx, input.dashboardId);
    }),
});
