/**
 * SQL statements per call, counted with a Kysely plugin on the context's database: a scoped
 * procedure hands the row it found on to the handler, so nothing reads it twice. The
 * session lookup happens before the procedure and is not counted. An installer calls (for an
 * admin the customizable check needs no dashboard read). Measured before and after:
 *   move 3 alarms to a folder   4 → 3  (folder scope, the alarms, the update); with the lifecycle 6
 *                               (+ the folders' relevance, the resolve, the history)
 *   folder update (label)       6 → 3  (folder scope, dashboard customizable, the update)
 *   folder rename               7 → 4  (+ the name's uniqueness); 5 when it also stops being
 *                               relevant (+ the alarms it resolves)
 *   folder read (a page)        4 → 3  (folder scope, the page, its assignees; a first page that is
 *                                       not full needs no count)
 */
import type { KyselyPlugin, QueryId, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localToUtc } from '@/lib/amsterdam';
import { writesWatched } from '../../modules/auth/session-cache';
import { upsertMeasurements } from '../../modules/measurement-store/measurement-store.store';
import { type AlarmWorld, createAlarmWorld } from '../../testing/alarm-world';
import type { Harness } from '../../testing/harness';
import { testingOnPostgres } from '../../testing/test-database';
import { type World, createWorld } from '../../testing/world';
import { createContext } from './context';
import { createCaller } from '../../root-router';

let w: AlarmWorld;
beforeAll(async () => {
  w = await createAlarmWorld();
});
afterAll(() => w.h.close());

/** The statements a call as the holder of `token` took: at least one (a count of none would mean the plugin saw nothing). */
async function statementsAs(h: Harness, token: string, call: (caller: ReturnType<typeof createCaller>) => Promise<unknown>) {
  const counter = { statements: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    // Called once per executed statement (transformQuery also runs for every subquery builder).
    transformResult: async ({ result }) => {
      counter.statements++;
      return result;
    },
  };
  await call(createCaller(await createContext({ ...h, db: h.db.withPlugin(plugin) }, `Bearer ${token}`, '127.0.0.1')));
  expect(counter.statements, 'the counting plugin saw the call').toBeGreaterThan(0);
  return counter.statements;
}

const statementsOf = (call: (caller: ReturnType<typeof createCaller>) => Promise<unknown>) => statementsAs(w.h, w.tokens.installerA, call);

/** Alarms of this test's own, so each test runs alone. */
async function threeAlarms() {
  const ids: number[] = [];
  for (const line of ['een', 'twee', 'drie']) ids.push((await w.callers.installerA.alarm.create({ dashboardId: w.dashA.id, line })).id);
  return ids;
}

describe('statements per call', () => {
  it('moves 3 alarms to a folder in 6 statements, resolving them with their history', async () => {
    const ids = await threeAlarms();
    expect(await statementsOf((c) => c.alarm.move({ folderId: w.foldersA.done, alarmIds: ids.join(',') }))).toBeLessThanOrEqual(6);
  });

  it('updates a folder in 3 statements and renames it (no longer relevant) in 5, answering it as stored', async () => {
    const folder = await w.callers.installerA.alarmFolder.create({
      dashboardId: w.dashA.id,
      name: 'nacht',
      label: 'Nacht',
      icon: 'clock',
      countMode: 'TOTAL',
      relevant: true,
    });
    expect(await statementsOf((c) => c.alarmFolder.update({ folderId: folder.id, label: 'Nachtdienst' }))).toBeLessThanOrEqual(3);
    expect(await statementsOf((c) => c.alarmFolder.update({ folderId: folder.id, name: 'nachtdienst', relevant: false }))).toBeLessThanOrEqual(5);
    const stored = (await w.callers.installerA.alarmFolder.list({ dashboardId: w.dashA.id })).find((f) => f.id === folder.id);
    expect(stored).toEqual({ ...folder, name: 'nachtdienst', label: 'Nachtdienst', relevant: false });
  });

  it("reads a page of a folder's alarms in 3 statements", async () => {
    await threeAlarms();
    expect(await statementsOf((c) => c.alarm.list({ folderId: w.foldersA.inbox }))).toBeLessThanOrEqual(3);
  });

  it('counts the alarms of every relevant folder per priority in 3 statements, however many folders', async () => {
    const statements = await statementsOf((c) => c.alarm.countPerPriority({ dashboardId: w.dashA.id }));
    expect(statements).toBeLessThanOrEqual(3);
  });
});

/**
 * The heavy reads of the energy side, on a firm of ten locations with three meters each and two
 * weeks of quarter-hours: their statements do not grow with the locations, meters or days (on
 * PostgreSQL each statement is a round trip).
 */
describe('statements per heavy read', () => {
  const now = new Date('2024-11-13T11:00:00Z');
  let world: World;
  let firstLocation: number;
  let channel: number;
  beforeAll(async () => {
    world = await createWorld({ clock: () => now });
    const { h, orgA } = world;
    await h.feed({ uuid: 'firm', organizationId: orgA });
    for (let l = 0; l < 10; l++) {
      const locationId = await h.location(orgA, `Vestiging ${l}`);
      firstLocation ??= locationId;
      for (const [m, type] of (['electricity', 'electricity', 'gas'] as const).entries()) {
        const id = await h.channel('firm', `l${l}m${m}`);
        channel ??= id;
        const rows: { ts: number; value: number }[] = [];
        for (let ts = localToUtc('2024-10-30T00:00:00'); ts < localToUtc('2024-11-13T00:00:00'); ts += 900) rows.push({ ts, value: 0.25 + m });
        await h.db.transaction().execute((trx) => upsertMeasurements(trx, id, rows));
        await h.db
          .insertInto('meter')
          .values({ locationId, name: `Meter ${m}`, type, netImportChannelId: id, netExportChannelId: null, createdAt: 0 })
          .execute();
      }
    }
  }, 60_000);
  afterAll(() => world.h.close());

  it('lists twelve locations with their recent days in 4 statements (locations, meters, newest intervals, the days)', async () => {
    const list = await world.h.caller(world.tokens.installerA).then((c) => c.dashboard.locations());
    expect(list.filter((l) => l.recentDays?.value != null)).toHaveLength(10);
    expect(await statementsAs(world.h, world.tokens.installerA, (c) => c.dashboard.locations())).toBeLessThanOrEqual(4);
  });

  /** The statements a call built (subqueries too: each builder passes the plugin), with the parameters each compiles to. */
  async function statementsOf(token: string, call: (caller: ReturnType<typeof createCaller>) => Promise<unknown>) {
    const nodes: { node: RootOperationNode; queryId: QueryId }[] = [];
    const plugin: KyselyPlugin = {
      transformQuery: (args) => {
        nodes.push(args);
        return args.node;
      },
      transformResult: async ({ result }) => result,
    };
    await call(createCaller(await createContext({ ...world.h, db: world.h.db.withPlugin(plugin) }, `Bearer ${token}`, '127.0.0.1')));
    expect(nodes.length, 'the plugin saw statements').toBeGreaterThan(0);
    return nodes.map(({ node, queryId }) => ({ node, parameters: world.h.db.getExecutor().compileQuery(node, queryId).parameters.length }));
  }

  it('reads the location list and a location’s dashboard without emptying the sign-in cache (no statement is taken for a write of a sign-in)', async () => {
    const statements = [
      ...(await statementsOf(world.tokens.installerA, (c) => c.dashboard.locations())),
      ...(await statementsOf(world.tokens.installerA, (c) => c.dashboard.location({ locationId: firstLocation }))),
    ];
    expect(statements.filter(({ node }) => writesWatched(node))).toEqual([]);
  });

  it('sends the location list’s windows as a few array parameters on PostgreSQL, not four per window (a statement planned per window count)', async () => {
    const statements = await statementsOf(world.tokens.installerA, (c) => c.dashboard.locations());
    const most = Math.max(...statements.map((s) => s.parameters));
    // Ten locations of two electricity meters, 14 days each: 280 windows, 1,120 parameters as a values
    // list. The largest left is the meters' list of the ten locations' ids (13).
    if (testingOnPostgres()) expect(most).toBeLessThanOrEqual(20);
    else expect(most).toBeGreaterThan(0);
  });

  it("answers one location's dashboard of three meters in 6 statements (location, meters, first and last intervals, the spans' sums, a forecast per module until cached)", async () => {
    expect(await statementsAs(world.h, world.tokens.installerA, (c) => c.dashboard.location({ locationId: firstLocation }))).toBeLessThanOrEqual(6);
  });

  it('aggregates a channel per day over two weeks in 3 statements on PostgreSQL (one per day on SQLite, where a statement is no round trip)', async () => {
    const input = { channelIds: String(channel), granularity: 'day' as const, from: '2024-10-30T00:00:00', to: '2024-11-13T00:00:00' };
    const statements = await statementsAs(world.h, world.tokens.installerA, (c) => c.measurement.aggregate(input));
    expect(statements).toBeLessThanOrEqual(testingOnPostgres() ? 3 : 3 + 14);
  });
});
