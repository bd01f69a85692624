/** The inbox over REST and tRPC (DESIGN.md §7 "Mail"): a dashboard's e-mails, one e-mail, its attempts. */
import * as v from 'valibot';
import { emailOverviewSchema, emailReadSchema, emailSchema, listEmailsSchema, parsingAttemptSchema } from '@/domain/alarm-email';
import { idSchema } from '@/domain/common';
import { pageSchema } from '@/domain/paging';
import { epochSeconds } from '../../clock';
import { notFound } from '../../errors';
import { rest } from '../../trpc/rest-route';
import { router } from '../../trpc/trpc';
import { ALARMS, alarmAreaProcedure, dashboardProcedure } from '../alarm-dashboards/alarm-dashboards.procedures';
import { ALARM_PARSE_JOB } from '../alarm-parsers/alarm-parsers.jobs';
import { parseEmail } from '../alarm-parsers/parse-pipeline';
import { attemptsOf, findEmail, listEmails, markEmailRead, requeueEmail, requeueRejected } from './alarm-emails.queries';

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
  markRead: alarmAreaProcedure
    .meta(rest(`PATCH ${ALARMS}/emails/{id}/read`, 'Mark read (readAt = now) or unread again; the inbox marks an e-mail read when it is opened', email))
    .input(emailReadSchema)
    .output(emailSchema)
    .mutation(async ({ ctx, input }) => {
      const found = await findEmail(ctx.db, ctx.user, input.emailId);
      if (!found) throw notFound(ABSENT);
      // Reading again keeps the first time it was read.
      if (input.read !== (found.readAt !== null)) await markEmailRead(ctx.db, input.emailId, input.read ? epochSeconds(ctx.clock) : null);
      return (await findEmail(ctx.db, ctx.user, input.emailId))!;
    }),
  reparse: alarmAreaProcedure
    .meta(
      rest(
        `POST ${ALARMS}/emails/{id}/reparse`,
        'Run the parsers on the e-mail again now; answers the e-mail after parsing (an alarm it made is kept, never doubled)',
        email,
      ),
    )
    .input(byEmail)
    .output(emailSchema)
    .mutation(async ({ ctx, input }) => {
      if (!(await findEmail(ctx.db, ctx.user, input.emailId))) throw notFound(ABSENT);
      await requeueEmail(ctx.db, input.emailId);
      await parseEmail(ctx, input.emailId);
      return (await findEmail(ctx.db, ctx.user, input.emailId))!;
    }),
  reparseRejected: dashboardProcedure
    .meta(
      rest(
        `POST ${ALARMS}/dashboards/{id}/emails/reparse-rejected`,
        'Queue every REJECTED e-mail of the dashboard for parsing again (after a parser changed); answers how many',
        {
          params: { id: 'dashboardId' },
        },
      ),
    )
    .output(v.object({ count: v.number() }))
    .mutation(async ({ ctx, input }) => {
      const count = await requeueRejected(ctx.db, input.dashboardId);
      // The job drains the queue now; a run in another process (the lock) or a failure leaves it to the schedule.
      if (count) void ctx.jobs.runNow(ALARM_PARSE_JOB).catch(() => undefined);
      return { count };
    }),
});
