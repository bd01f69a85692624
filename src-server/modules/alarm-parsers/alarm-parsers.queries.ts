/** Parser rows of a dashboard, kept in a dense order 0..n-1 (`position`, the API's `index`). */
import type { Parser, ParserConfig } from '@/domain/alarm-parser';
import type { User } from '@/domain/user';
import type { DB } from '../../platform/db/database';
import { visibleDashboardIds } from '../alarm-dashboards/alarm-dashboards.queries';
import type { AlarmParserRow, AlarmParserTable } from './alarm-parsers.table';
import type { Insertable } from 'kysely';
import type { ParserProgram } from '../../platform/sandbox/parser-sandbox.types';

type Counts = Parser['last24h'];

export function toParser(r: AlarmParserRow, last24h: Counts): Parser {
  const base = { id: r.id, name: r.name, index: r.position, enabled: r.enabled === 1, disabledReason: r.disabledReason, last24h };
  return r.type === 'DEFAULT'
    ? { ...base, type: 'DEFAULT', sourceId: r.sourceId, config: JSON.parse(r.configJson!) as ParserConfig }
    : { ...base, type: 'CUSTOM', code: r.code! };
}

export const toProgram = (r: AlarmParserRow): ParserProgram =>
  r.type === 'DEFAULT' ? { id: r.id, type: 'DEFAULT', config: JSON.parse(r.configJson!) as ParserConfig } : { id: r.id, type: 'CUSTOM', code: r.code! };

export const parsersOfDashboard = (db: DB, dashboardId: number) =>
  db.selectFrom('alarmParser').selectAll().where('dashboardId', '=', dashboardId).orderBy('position').orderBy('id').execute();

/** A parser of a dashboard the user may open. */
export const findVisibleParser = (db: DB, user: User, id: number) =>
  db.selectFrom('alarmParser').selectAll().where('id', '=', id).where('dashboardId', 'in', visibleDashboardIds(db, user)).executeTakeFirst();

export const parserRow = (db: DB, id: number) => db.selectFrom('alarmParser').selectAll().where('id', '=', id).executeTakeFirst();

/** The parsers an e-mail of this source runs through, in order: enabled, for every source or this one. */
export function parsersForEmail(db: DB, dashboardId: number, sourceId: number | null) {
  return db
    .selectFrom('alarmParser')
    .selectAll()
    .where('dashboardId', '=', dashboardId)
    .where('enabled', '=', 1)
    .where((eb) => (sourceId === null ? eb('sourceId', 'is', null) : eb.or([eb('sourceId', 'is', null), eb('sourceId', '=', sourceId)])))
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function insertParser(db: DB, values: Insertable<AlarmParserTable>) {
  const { id } = await db.insertInto('alarmParser').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export const updateParserRow = (db: DB, id: number, values: Partial<Omit<AlarmParserRow, 'id' | 'dashboardId' | 'type'>>) =>
  db.updateTable('alarmParser').set(values).where('id', '=', id).execute();

export const deleteParserRow = (db: DB, id: number) => db.deleteFrom('alarmParser').where('id', '=', id).execute();

/** Writes positions 0..n-1 in the order of `ids` (the dashboard's parser ids, all of them). */
export async function writeOrder(db: DB, ids: number[]) {
  for (const [position, id] of ids.entries())
    await db.updateTable('alarmParser').set({ position }).where('id', '=', id).where('position', '!=', position).execute();
}

/** A parser whose last this many runs all hit the time limit is switched off. */
export const RUNAWAY_RUNS = 5;
export const RUNAWAY_REASON = `Uitgeschakeld: liep ${RUNAWAY_RUNS} keer achter elkaar tegen de tijdslimiet aan.`;

/**
 * Switches a parser off when its last runs all hit the time limit, with the reason the list shows:
 * it would otherwise hold a pool worker for its full time limit on every e-mail of its dashboard.
 */
export async function switchOffRunaway(db: DB, parserId: number) {
  const last = await db
    .selectFrom('parsingAttempt')
    .select('exceptionType')
    .where('parserId', '=', parserId)
    .orderBy('timestamp', 'desc')
    .orderBy('id', 'desc')
    .limit(RUNAWAY_RUNS)
    .execute();
  if (last.length < RUNAWAY_RUNS || last.some((a) => a.exceptionType !== 'TimeLimitExceeded')) return;
  await db.updateTable('alarmParser').set({ enabled: 0, disabledReason: RUNAWAY_REASON }).where('id', '=', parserId).where('enabled', '=', 1).execute();
}
