/** `/api/v1/alarms/…alarm-email-parser…`: parsers of a dashboard, their sources, dry runs. */
import * as v from 'valibot';
import {
  createParserSchema,
  dryRunDraftSchema,
  dryRunResultSchema,
  dryRunSavedSchema,
  parserSchema,
  parserSourceSchema,
  updateParserSchema,
} from '@/domain/alarm-parser';
import { idParamSchema, idSchema } from '@/domain/common';
import { DASHBOARD_ABSENT } from '@/domain/alarm-dashboard';
import { notFound } from '../../platform/errors';
import { rest } from '../../api/trpc/rest-route';
import { router, scopedProcedure } from '../../api/trpc/trpc';
import {
  ALARMS,
  alarmAreaProcedure,
  assertCustomizable,
  dashboardProcedure,
  dashboardSettingsProcedure,
} from '../alarm-dashboards/alarm-dashboards.procedures';
import { findDashboard } from '../alarm-dashboards/alarm-dashboards.queries';
import { findVisibleParser } from './alarm-parsers.queries';
import * as service from './alarm-parsers.service';
import { dryRunDraft, dryRunSaved } from './dry-run';
import type { createParseCallLimit } from './parse-call-limit';

const dashboard = { params: { id: 'dashboardId' } };
const parser = { params: { id: 'parserId' } };

/** Input carries `parserId`, a parser of a dashboard the caller may open; `ctx.parser` is its row. */
const parserProcedure = scopedProcedure('parserId', 'parser', (ctx, id) => findVisibleParser(ctx.db, ctx.user, id), service.PARSER_ABSENT, alarmAreaProcedure);
/** Changing a parser: admins, or installers while the dashboard is customizable. */
const parserSettingsProcedure = parserProcedure.use(async ({ ctx, next }) => {
  await assertCustomizable(ctx, ctx.parser.dashboardId);
  return next();
});

/** The services this module's procedures use, built by the composition root. */
declare module '../../api/trpc/context' {
  interface AppServices {
    parseCallLimit: ReturnType<typeof createParseCallLimit>;
  }
}

export const alarmParsersRouter = router({
  list: dashboardProcedure
    .meta(
      rest(`GET ${ALARMS}/dashboards/{id}/alarm-email-parsers`, "The dashboard's parsers in the order they run, with the last 24 hours' outcomes", dashboard),
    )
    .output(v.array(parserSchema))
    .query(({ ctx, input }) => service.listParsers(ctx, input.dashboardId)),
  create: dashboardSettingsProcedure
    .meta(
      rest(`POST ${ALARMS}/dashboards/{id}/alarm-email-parsers`, 'Add a DEFAULT (rules) or CUSTOM (code) parser; `index` places it, else it goes last', {
        ...dashboard,
        status: 201,
        errors: [409],
      }),
    )
    .input(createParserSchema)
    .output(parserSchema)
    .mutation(({ ctx, input }) => service.createParser(ctx, input)),
  get: parserProcedure
    .meta(rest(`GET ${ALARMS}/alarm-email-parsers/{id}`, 'One parser', parser))
    .output(parserSchema)
    .query(({ ctx, input }) => service.getParser(ctx, input.parserId)),
  update: parserSettingsProcedure
    .meta(
      rest(
        `PATCH ${ALARMS}/alarm-email-parsers/{id}`,
        'Change a parser: name, enabled, index (moves it), sourceId and config (DEFAULT), code (CUSTOM)',
        parser,
      ),
    )
    .input(updateParserSchema)
    .output(parserSchema)
    .mutation(({ ctx, input }) => service.updateParser(ctx, ctx.parser, input)),
  delete: parserSettingsProcedure
    .meta(rest(`DELETE ${ALARMS}/alarm-email-parsers/{id}`, 'Delete a parser; its past attempts keep its name', { ...parser, status: 204 }))
    .mutation(({ ctx }) => service.deleteParser(ctx, ctx.parser)),
  sources: alarmAreaProcedure
    .meta(rest(`GET ${ALARMS}/alarm-email-parser-sources`, "The dashboard's mail sources a parser may be limited to (`?dashboardId=`)"))
    .input(v.object({ dashboardId: v.union([idSchema, idParamSchema], 'Geef dashboardId als een positief geheel getal.') }))
    .output(v.array(parserSourceSchema))
    .query(async ({ ctx, input }) => {
      if (!(await findDashboard(ctx.db, ctx.user, input.dashboardId))) throw notFound(DASHBOARD_ABSENT);
      return service.parserSources(ctx, input.dashboardId);
    }),
  // Dry runs load the parser pool: on a locked dashboard only admins may.
  dryRun: parserSettingsProcedure
    .meta(
      rest(`POST ${ALARMS}/alarm-email-parsers/{id}/dry-run`, 'The attempt this parser would record for one of the dashboard’s e-mails; nothing is stored', {
        ...parser,
        errors: [429],
      }),
    )
    .input(dryRunSavedSchema)
    .output(dryRunResultSchema)
    .mutation(({ ctx, input }) => {
      ctx.parseCallLimit(ctx.parser.dashboardId);
      return dryRunSaved(ctx, ctx.parser, input.emailId);
    }),
  dryRunDraft: dashboardSettingsProcedure
    .meta(
      rest(
        `POST ${ALARMS}/dashboards/{id}/alarm-email-parsers/dry-run`,
        'The attempt an unsaved parser would record for one of the dashboard’s e-mails; nothing is stored',
        { ...dashboard, errors: [429] },
      ),
    )
    .input(dryRunDraftSchema)
    .output(dryRunResultSchema)
    .mutation(({ ctx, input }) => {
      ctx.parseCallLimit(input.dashboardId);
      return dryRunDraft(ctx, input.dashboardId, input.emailId, input.parser);
    }),
});
