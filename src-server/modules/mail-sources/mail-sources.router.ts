/**
 * E-mail alarm sources: list, add, change, delete, test and fetch now; and receiving addresses,
 * the sources that devices mail straight to (type SMTP), added and deleted under their own paths.
 */
import * as v from 'valibot';
import { idSchema } from '@/domain/common';
import { createMailAddressSchema, createSourceSchema, mailAddressSchema, sourceSchema, sourceTestResultSchema, updateSourceSchema } from '@/domain/mail-source';
import { rest } from '../../api/trpc/rest-route';
import { router } from '../../api/trpc/trpc';
import { ALARMS, dashboardRowSettingsProcedure, dashboardProcedure, dashboardSettingsProcedure } from '../alarm-dashboards/alarm-dashboards.procedures';
import { findVisibleSmtpSource, findVisibleSource, sourcesOfDashboard } from './mail-sources.queries';
import { createAddress, deleteAddress, listAddresses } from './smtp/smtp-addresses';
import * as service from './mail-sources.service';
import type { SourceDeps } from './mail-sources.service';
import type { createSourceCallLimit } from './source-call-limit';
import type { createImapWatchers } from './imap/imap-watcher';

const dashboard = { params: { id: 'dashboardId' } };
const source = { params: { id: 'sourceId' } };

/** Input carries `sourceId`, a source of a dashboard the caller may open and change; `ctx.source` is its row. */
const sourceProcedure = dashboardRowSettingsProcedure('sourceId', 'source', (ctx, id) => findVisibleSource(ctx.db, ctx.user, id), service.SOURCE_ABSENT);

/** Input carries `addressId`, a receiving address of a dashboard the caller may open and change; `ctx.address` is its source row. */
const addressProcedure = dashboardRowSettingsProcedure(
  'addressId',
  'address',
  (ctx, id) => findVisibleSmtpSource(ctx.db, ctx.user, id),
  'Dit e-mailadres bestaat niet.',
);

/** A source procedure that reaches out to the mailbox on demand, so it is rate-limited (source-call-limit.ts). */
const sourceCallProcedure = sourceProcedure.use(async ({ ctx, next }) => {
  await ctx.sourceCallLimit(ctx.source.id, ctx.user.id);
  return next();
});

/** The services this module's procedures use, built by the composition root. */
declare module '../../api/trpc/context' {
  interface AppServices {
    graph: SourceDeps['graph'];
    reading: SourceDeps['reading'];
    allowPrivateMailHosts: boolean;
    sourceCallLimit: ReturnType<typeof createSourceCallLimit>;
    imapWatchers: ReturnType<typeof createImapWatchers>;
    smtp: SourceDeps['smtp'];
  }
}

export const mailSourcesRouter = router({
  list: dashboardProcedure
    .meta(rest(`GET ${ALARMS}/dashboards/{id}/email-alarm-sources`, "The dashboard's mailboxes with their status (secrets are never returned)", dashboard))
    .output(v.array(sourceSchema))
    .query(({ ctx, input }) => sourcesOfDashboard(ctx.db, input.dashboardId, ctx.smtp.domain)),
  create: dashboardSettingsProcedure
    .meta(rest(`POST ${ALARMS}/dashboards/{id}/email-alarm-sources`, 'Add an IMAP or Microsoft 365 mailbox', { ...dashboard, status: 201 }))
    .input(createSourceSchema)
    .output(sourceSchema)
    .mutation(({ ctx, input }) => service.createSource(ctx, input)),
  testNew: dashboardSettingsProcedure
    .meta(
      rest(
        `POST ${ALARMS}/dashboards/{id}/email-alarm-sources/test`,
        'Test the settings of a mailbox before saving it (nothing is stored): {ok, message}; 429 after 10 a minute',
        {
          ...dashboard,
          errors: [429],
        },
      ),
    )
    .input(createSourceSchema)
    .output(sourceTestResultSchema)
    .mutation(async ({ ctx, input }) => {
      // Unsaved settings count under the dashboard (a negative key, apart from saved sources' ids) and the user.
      await ctx.sourceCallLimit(-input.dashboardId, ctx.user.id);
      return service.testNewSource(ctx, input);
    }),
  delete: dashboardSettingsProcedure
    .meta(rest(`DELETE ${ALARMS}/dashboards/{id}/email-alarm-sources/{sourceId}`, 'Delete a mailbox (its stored e-mails stay)', { ...dashboard, status: 204 }))
    .input(v.object({ sourceId: idSchema }))
    .mutation(({ ctx, input }) => service.deleteSource(ctx, input.dashboardId, input.sourceId)),
  update: sourceProcedure
    .meta(rest(`PATCH ${ALARMS}/sources/{id}`, 'Change a mailbox; a secret left out or null keeps the stored one', source))
    .input(updateSourceSchema)
    .output(sourceSchema)
    .mutation(({ ctx, input }) => service.updateSource(ctx, input)),
  test: sourceCallProcedure
    .meta(
      rest(`POST ${ALARMS}/sources/{id}/test`, 'Connect and list the input folder: {ok, message, messageCount?}; 429 after 10 a minute', {
        ...source,
        errors: [429],
      }),
    )
    .output(sourceTestResultSchema)
    .mutation(({ ctx }) => service.testSource(ctx, ctx.source)),
  fetchNow: sourceCallProcedure
    .meta(
      rest(`POST ${ALARMS}/sources/{id}/fetch-now`, 'Fetch new mail now; answers the source with its status; 429 after 10 a minute', {
        ...source,
        errors: [429],
      }),
    )
    .output(sourceSchema)
    .mutation(async ({ ctx, input }) => {
      await service.fetchSource(ctx, ctx.source);
      return service.getSource(ctx, input.sourceId);
    }),
  addresses: dashboardProcedure
    .meta(rest(`GET ${ALARMS}/dashboards/{id}/mail-addresses`, "The dashboard's receiving addresses: devices mail alarms straight to them", dashboard))
    .output(v.array(mailAddressSchema))
    .query(({ ctx, input }) => listAddresses(ctx, input.dashboardId)),
  createAddress: dashboardSettingsProcedure
    .meta(
      rest(
        `POST ${ALARMS}/dashboards/{id}/mail-addresses`,
        'Add a receiving address (12 random characters at SMTP_DOMAIN); with `password`, senders must sign in (AUTH PLAIN, user name the address)',
        { ...dashboard, status: 201 },
      ),
    )
    .input(createMailAddressSchema)
    .output(mailAddressSchema)
    .mutation(({ ctx, input }) => createAddress(ctx, input)),
  deleteAddress: addressProcedure
    .meta(
      rest(`DELETE ${ALARMS}/mail-addresses/{id}`, 'Delete a receiving address: mail to it is refused from then on (its stored e-mails stay)', {
        params: { id: 'addressId' },
        status: 204,
      }),
    )
    .mutation(({ ctx }) => deleteAddress(ctx, ctx.address)),
});
