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
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AlarmWorld, createAlarmWorld } from '../../testing/alarm-world';
import { createContext } from './context';
import { createCaller } from '../../root-router';

let w: AlarmWorld;
beforeAll(async () => {
  w = await createAlarmWorld();
});
afterAll(() => w.h.close());

/** An installer's caller whose statements are counted, and the count so far. */
async function countedInstaller() {
  const counter = { statements: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    // Called once per executed statement (transformQuery also runs for every subquery builder).
    transformResult: async ({ result }) => {
      counter.statements++;
      return result;
    },
  };
  const ctx = await createContext({ ...w.h, db: w.h.db.withPlugin(plugin) }, `Bearer ${w.tokens.installerA}`, '127.0.0.1');
  return { caller: createCaller(ctx), counter };
}

/** The statements a call took: at least one (a count of none would mean the plugin saw nothing). */
async function statementsOf(call: (caller: ReturnType<typeof createCaller>) => Promise<unknown>) {
  const { caller, counter } = await countedInstaller();
  await call(caller);
  expect(counter.statements, 'the counting plugin saw the call').toBeGreaterThan(0);
  return counter.statements;
}

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
