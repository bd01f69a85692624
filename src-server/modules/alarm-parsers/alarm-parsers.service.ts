/**
 * Parsers of a dashboard: list with the last 24 hours' outcomes, create at an index,
 * change (a reorder moves one and shifts the others, positions stay 0..n-1), delete. What the
 * schema cannot know is checked here before anything is stored: the folder and the source belong to
 * this dashboard, the location table's locations to its organization, and CUSTOM code compiles (in the sandbox, never on the main thread).
 */
import { FOREIGN_LOCATION } from '@/domain/alarm';
import type { CreateParser, ParserConfig, UpdateParser } from '@/domain/alarm-parser';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { AppError, type FieldErrors, notFound } from '../../platform/errors';
import type { ParserSandbox } from '../../platform/sandbox/parser-sandbox.types';
import { dashboardOrganizationId } from '../alarm-dashboards/alarm-dashboards.queries';
import { folderOfDashboard } from '../alarm-folders/alarm-folders.queries';
import { locationOfOrganization } from '../alarms/alarms.queries';
import { attemptCountsByParser } from '../alarm-emails/alarm-emails.queries';
import { sourceNamesOfDashboard } from '../mail-sources/mail-sources.queries';
import * as q from './alarm-parsers.queries';
import type { AlarmParserRow } from './alarm-parsers.table';

export interface ParserDeps {
  db: DB;
  clock: Clock;
  sandbox: ParserSandbox;
}

export const PARSER_ABSENT = 'Deze parser bestaat niet.';
const DAY = 86_400;
/** Every e-mail runs every enabled parser: without a cap one dashboard could fill the parser pool. */
const MAX_PARSERS_PER_DASHBOARD = 50;

async function withCounts(deps: ParserDeps, rows: AlarmParserRow[]) {
  const counts = await attemptCountsByParser(
    deps.db,
    rows.map((r) => r.id),
    epochSeconds(deps.clock) - DAY,
  );
  return rows.map((r) => q.toParser(r, counts.get(r.id)!));
}

export async function listParsers(deps: ParserDeps, dashboardId: number) {
  return withCounts(deps, await q.parsersOfDashboard(deps.db, dashboardId));
}

export async function getParser(deps: ParserDeps, parserId: number) {
  const row = await q.parserRow(deps.db, parserId);
  if (!row) throw notFound(PARSER_ABSENT);
  return (await withCounts(deps, [row]))[0]!;
}

/** The dashboard's mail sources a parser may be limited to. */
export async function parserSources({ db }: Pick<ParserDeps, 'db'>, dashboardId: number) {
  return sourceNamesOfDashboard(db, dashboardId);
}

/** Field errors for what only the database and the sandbox can tell; 400 with all of them, else nothing. */
export async function checkParserFields(
  deps: ParserDeps,
  dashboardId: number,
  fields: { sourceId?: number | null; config?: ParserConfig; code?: string },
  prefix = '',
) {
  const errors: FieldErrors = {};
  if (fields.sourceId != null && !(await parserSources(deps, dashboardId)).some((s) => s.id === fields.sourceId))
    errors[`${prefix}sourceId`] = ['Deze bron hoort niet bij dit dashboard.'];
  const folderId = fields.config?.folderId;
  if (folderId != null && !(await folderOfDashboard(deps.db, dashboardId, folderId)))
    errors[`${prefix}config.folderId`] = ['Deze map bestaat niet in dit dashboard.'];
  const rules = fields.config?.location?.map ?? [];
  if (rules.length) {
    const organizationId = await dashboardOrganizationId(deps.db, dashboardId);
    for (const [i, rule] of rules.entries())
      if (organizationId === undefined || !(await locationOfOrganization(deps.db, organizationId, rule.locationId)))
        errors[`${prefix}config.location.map.${i}.locationId`] = [FOREIGN_LOCATION];
  }
  if (fields.code !== undefined) {
    const problem = await deps.sandbox.checkCustomCode(fields.code);
    if (problem) errors[`${prefix}code`] = [problem];
  }
  if (Object.keys(errors).length) throw new AppError('BAD_REQUEST', 'De invoer is ongeldig.', { fieldErrors: errors });
}

const clampIndex = (index: number | undefined, count: number) => Math.min(index ?? count, count);

export async function createParser(deps: ParserDeps, { dashboardId, index, ...draft }: CreateParser) {
  await checkParserFields(deps, dashboardId, draft.type === 'DEFAULT' ? { sourceId: draft.sourceId, config: draft.config } : { code: draft.code });
  const at = epochSeconds(deps.clock);
  const id = await deps.db.transaction().execute(async (trx) => {
    const ids = (await q.parsersOfDashboard(trx, dashboardId)).map((r) => r.id);
    if (ids.length >= MAX_PARSERS_PER_DASHBOARD) {
      throw new AppError('CONFLICT', `Een dashboard heeft ten hoogste ${MAX_PARSERS_PER_DASHBOARD} parsers; verwijder er eerst een.`);
    }
    const id = await q.insertParser(trx, {
      dashboardId,
      name: draft.name,
      position: ids.length,
      enabled: draft.enabled ? 1 : 0,
      type: draft.type,
      sourceId: draft.type === 'DEFAULT' ? draft.sourceId : null,
      configJson: draft.type === 'DEFAULT' ? JSON.stringify(draft.config) : null,
      code: draft.type === 'CUSTOM' ? draft.code : null,
      createdAt: at,
      updatedAt: at,
    });
    ids.splice(clampIndex(index, ids.length), 0, id);
    await q.writeOrder(trx, ids);
    return id;
  });
  return getParser(deps, id);
}

const NOT_FOR_TYPE = {
  DEFAULT: { code: 'Alleen een parser van het type CUSTOM heeft code.' },
  CUSTOM: {
    config: 'Alleen een parser van het type DEFAULT heeft een configuratie.',
    sourceId: 'Alleen een parser van het type DEFAULT kan tot één bron beperkt worden.',
  },
} as const;

export async function updateParser(deps: ParserDeps, row: AlarmParserRow, { parserId, index, ...change }: UpdateParser) {
  const misfits = Object.entries(NOT_FOR_TYPE[row.type]).filter(([field]) => change[field as keyof typeof change] !== undefined);
  if (misfits.length) throw new AppError('BAD_REQUEST', 'De invoer is ongeldig.', { fieldErrors: Object.fromEntries(misfits.map(([f, m]) => [f, [m]])) });
  await checkParserFields(deps, row.dashboardId, change);
  await deps.db.transaction().execute(async (trx) => {
    await q.updateParserRow(trx, parserId, {
      ...(change.name !== undefined ? { name: change.name } : {}),
      // Switching it on (again) clears why the product switched it off.
      ...(change.enabled !== undefined ? { enabled: change.enabled ? 1 : 0, disabledReason: null } : {}),
      ...(change.sourceId !== undefined ? { sourceId: change.sourceId } : {}),
      ...(change.config !== undefined ? { configJson: JSON.stringify(change.config) } : {}),
      ...(change.code !== undefined ? { code: change.code } : {}),
      updatedAt: epochSeconds(deps.clock),
    });
    if (index === undefined) return;
    const ids = (await q.parsersOfDashboard(trx, row.dashboardId)).map((r) => r.id).filter((id) => id !== parserId);
    ids.splice(clampIndex(index, ids.length), 0, parserId);
    await q.writeOrder(trx, ids);
  });
  return getParser(deps, parserId);
}

/** Deletes a parser and closes the gap in the order; its past attempts keep its name. */
export async function deleteParser({ db }: Pick<ParserDeps, 'db'>, row: AlarmParserRow) {
  await db.transaction().execute(async (trx) => {
    await q.deleteParserRow(trx, row.id);
    await q.writeOrder(
      trx,
      (await q.parsersOfDashboard(trx, row.dashboardId)).map((r) => r.id),
    );
  });
}
