/**
 * `npm run db:copy` both ways: a SQLite file with a firm's data into an empty
 * PostgreSQL schema, the product working on the copy, and back into a new SQLite file row for row.
 * Needs PostgreSQL: runs in `npm run test:pg` (TEST_DATABASE_URL), skipped by the SQLite-only `npm test`.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, test, vi } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { createHarness } from '../../testing/harness';
import { testTempDir } from '../../testing/temp-dir';
import { testDatabase, testingOnPostgres } from '../../testing/test-database';
import { copyCommand, copyOrder } from './copy';
import { type DB, engineOf, openDatabase } from './database';

/** Every row of every table, in primary-key order: what must survive a copy. */
async function dump(db: DB) {
  const { rows } = await sql<{ s: string | null }>`select ${engineOf(db) === 'postgres' ? sql`current_schema()` : sql`null`} as "s"`.execute(db);
  const tables = (await db.introspection.getTables()).filter((t) => !t.name.startsWith('kysely_') && (t.schema ?? null) === rows[0]!.s);
  const out: Record<string, unknown[]> = {};
  for (const t of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    const rows = await db
      .selectFrom(t.name as never)
      .selectAll()
      .execute();
    out[t.name] = rows.map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).sort(([a], [b]) => a.localeCompare(b))))).sort();
  }
  return out;
}

test('tables are ordered after the tables they reference; a nullable reference closing a cycle is filled in later', () => {
  const t = (name: string, references: { column: string; table: string; nullable: boolean }[] = []) => ({ name, columns: [], primaryKey: ['id'], references });
  const { order, later } = copyOrder([
    t('alarm', [{ column: 'folderId', table: 'folder', nullable: false }]),
    t('folder', [{ column: 'dashboardId', table: 'dashboard', nullable: false }]),
    t('dashboard', [{ column: 'defaultFolderId', table: 'folder', nullable: true }]),
    t('history', [{ column: 'previousId', table: 'history', nullable: true }]),
  ]);
  expect(order.map((x) => x.name)).toEqual(['history', 'dashboard', 'folder', 'alarm']);
  expect(Object.fromEntries(later)).toEqual({ history: ['previousId'], dashboard: ['defaultFolderId'] });
  expect(() => copyOrder([t('a', [{ column: 'b', table: 'b', nullable: false }]), t('b', [{ column: 'a', table: 'a', nullable: false }])])).toThrow(/cycle/);
});

describe.skipIf(!testingOnPostgres())('db:copy between SQLite and PostgreSQL', () => {
  test('SQLite → empty PostgreSQL → new SQLite keeps every row; the product works on the copy; a non-empty target is refused', async () => {
    const dir = testTempDir('energie-copy-');
    const sqliteFile = path.join(dir, 'app.db');
    const w = await createAlarmWorld({ databaseFile: sqliteFile });
    const alarm = await w.callers.admin.alarm.create({ dashboardId: w.dashA.id, line: 'Pomp 2 storing', priority: 'HIGH' } as never);
    await w.callers.admin.alarm.create({ dashboardId: w.dashB.id, line: 'Brandmelding', priority: 'LOW' } as never);
    await w.h.feed({ uuid: 'feed-a', organizationId: w.orgA });
    const channel = await w.h.channel('feed-a');
    await w.h.db
      .insertInto('measurement')
      .values(Array.from({ length: 2000 }, (_, i) => ({ channelId: channel, ts: 1_790_000_000 + i * 900, value: i / 7 })))
      .execute();
    await w.h.db
      .insertInto('brandingImage')
      .values({ sha256: 'ab', contentType: 'image/png', bytes: Buffer.from([0, 1, 2, 255]), createdAt: 1 })
      .execute();
    const before = await dump(w.h.db);
    const dashboardBefore = await w.callers.admin.alarmDashboard.get({ dashboardId: w.dashA.id });
    await w.h.close();

    const postgres = await testDatabase(undefined, { empty: true });
    const lines: string[] = [];
    // Its output is only its own lines: no library's deprecation notice among them.
    const printed = vi.spyOn(console, 'log');
    const report = await copyCommand(sqliteFile, postgres, (line) => lines.push(line));
    expect(printed.mock.calls.filter((args) => String(args[0]).includes('deprecated'))).toEqual([]);
    printed.mockRestore();
    expect(report.tables.find((t) => t.name === 'measurement')?.rows).toBe(2000);
    expect(report.sequences).toBeGreaterThan(10);
    expect(lines.at(-1)).toMatch(/^Done: \d+ tables, \d+ rows, counts checked/);
    expect(lines).toContain('alarmDashboard: defaultFolderId, resolvedFolderId filled in on 2 rows');

    const pg = openDatabase(postgres);
    expect(await dump(pg)).toEqual(before);
    await pg.destroy();

    // The product on the copy: the same sign-in, the same dashboard, new ids past the copied ones.
    const h = await createHarness({ databaseFile: postgres });
    const admin = await h.caller((await h.signIn('admin@example.nl')).accessToken);
    expect(await admin.alarmDashboard.get({ dashboardId: w.dashA.id })).toEqual(dashboardBefore);
    const next = await admin.alarm.create({ dashboardId: w.dashA.id, line: 'Na de verhuizing', priority: 'LOW' } as never);
    expect(next.id).toBeGreaterThan(alarm.id + 1);
    await h.close();
    // Read once the product is stopped: its jobs (notify every few seconds) write their runs until then.
    const stopped = openDatabase(postgres);
    const after = await dump(stopped);
    await stopped.destroy();

    // Back: into a new SQLite file, row for row.
    const back = path.join(dir, 'back.db');
    await copyCommand(postgres, back, () => undefined);
    const sqlite = openDatabase(back);
    expect(await dump(sqlite)).toEqual(after);
    await sqlite.destroy();

    // A target with data is refused, and left as it was.
    await expect(copyCommand(sqliteFile, postgres, () => undefined)).rejects.toThrow(/The target is not empty: table \w+ has \d+ rows/);
    await expect(copyCommand(path.join(dir, 'missing.db'), postgres, () => undefined)).rejects.toThrow('No database file at');
    const again = openDatabase(postgres);
    expect(await dump(again)).toEqual(after);
    expect((await sql<{ n: number }>`select count(*) as "n" from "alarm"`.execute(again)).rows[0]!.n).toBe(3);
    await again.destroy();
  }, 120_000);
});
