/** The inbox over REST and tRPC (DESIGN.md §7 "Mail"): a dashboard's e-mails, one e-mail, its attempts. */
import * as v from 'valibot';
import { emailOverviewSchema, emailSchema, listEmailsSchema, parsingAttemptSchema } from '@/domain/alarm-email';
import { idSchema } from '@/domain/common';
import { pageSchema } from '@/domain/paging';
import { notFound } from '../../errors';
import { rest } from '../../trpc/rest-route';
import { router } from '../../trpc/trpc';
import { alarmAreaProcedure, dashboardProcedure } from '../alarm-dashboards/alarm-dashboards.procedures';
import { ALARMS } from '../alarm-dashboards/alarm-dashboards.router';
import { attemptsOf, findEmail, listEmails } from './alarm-emails.queries';

const email = { params: { id: 'emailId' } };
const byEmail = v.object({ emailId: idSchema });
const ABSENT = 'Deze e-mail bestaat niet.';

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
    .query(async ({ ctx, input }) => (await findEmail(ctx.db, ctx.user, input.emailId)) ?? Promise.reject(notFound(ABSENT))),
  attempts: alarmAreaProcedure
    .meta(rest(`GET ${ALARMS}/emails/{id}/parsing-attempts`, "The e-mail's parsing attempts, oldest first", email))
    .input(byEmail)
    .output(v.array(parsingAttemptSchema))
    .query(async ({ ctx, input }) => {
      if (!(await findEmail(ctx.db, ctx.user, input.emailId))) throw notFound(ABSENT);
      return attemptsOf(ctx.db, input.emailId);
    }),
});
