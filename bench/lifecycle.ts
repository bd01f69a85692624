/**
 * Alarm lifecycle figures with 100,000 alarms and 1,000,000 history rows in one
 * dashboard: resolving a key over REST (each call resolves the alarm just raised with it), the
 * history of one alarm over REST, and the folder page with the lifecycle columns; each beside the
 * raw SQL of its core statement.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { startAlarmBench } from './alarm-bench-server';
import { median, timed } from './stats';

const ALARMS = 100_000;
const HISTORY_PER_ALARM = 10;

/** 100,000 alarms over a year (80,000 resolved in Afgehandeld, every tenth with a key) and ten history rows each. */
function seed(raw: SQLite.Database, dashboardId: number, folders: { inbox: number; done: number }) {
  const insert = raw.prepare(
    `insert into alarm (dashboardId, folderId, line, priority, priorityRank, receivedAt, seen, searchText, lastOccurredAt, updatedAt, groupKey, acknowledgedAt, resolvedAt, resolutionBy)
     values (?, ?, ?, 'MEDIUM', 2, ?, 1, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const history = raw.prepare(
    `insert into alarmHistory (alarmId, at, actorType, actorName, event, details) values (?, ?, 'USER', 'Ina Installateur', ?, '{}')`,
  );
  const end = Math.floor(Date.now() / 1000);
  const events = ['created', 'seen', 'acknowledged', 'assigned', 'priority', 'notes', 'deadline', 'occurred', 'moved', 'resolved'];
  raw.transaction(() => {
    for (let i = 0; i < ALARMS; i++) {
      const at = end - Math.floor((i / ALARMS) * 365 * 86400);
      const open = i < 20_000;
      const line = `Storing ${i % 97} installatie ${i % 13}`;
      const { lastInsertRowid } = insert.run(
        dashboardId,
        open ? folders.inbox : folders.done,
        line,
        at,
        line.toLowerCase(),
        at,
        at,
        i % 10 === 0 ? `sensor:${i % 5000}` : null,
        at + 300,
        open ? null : at + 3600,
        open ? null : 'USER',
      );
      for (let h = 0; h < HISTORY_PER_ALARM; h++) history.run(lastInsertRowid, at + h * 60, events[h]);
    }
  })();
  raw.exec('analyze');
}

export async function benchLifecycle() {
  const { dataDir, call, accessToken: token, dashboard, stop } = await startAlarmBench('lifecycle');
  const folders = Object.fromEntries(
    ((await call('GET', `/api/v1/alarms/dashboards/${dashboard.id}/folders`, token)) as { id: number; name: string }[]).map((f) => [f.name, f.id]),
  );
  const raw = new SQLite(path.join(dataDir, 'app.db'));
  raw.pragma('journal_mode = WAL');
  seed(raw, dashboard.id, { inbox: folders.inbox!, done: folders.done! });
  // The seed blocks this process (the server's too) for seconds: let the server close the keep-alive
  // connection that timed out meanwhile before the next call, which would otherwise meet ECONNRESET.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const v1 = `/api/v1/alarms`;

  // Resolve by key: raise an alarm with a fresh key (not timed), then time the resolve that moves it.
  const resolve: number[] = [];
  for (let i = -1; i < 31; i++) {
    const key = `bench:${i}`;
    await call('POST', `${v1}/dashboards/${dashboard.id}/alarms`, token, { line: `Bench ${i}`, key });
    const start = performance.now();
    const { resolved } = await call('POST', `${v1}/dashboards/${dashboard.id}/alarms/resolve`, token, { key });
    if (i >= 0) resolve.push(performance.now() - start);
    if (resolved !== 1) throw new Error(`resolve by key resolved ${resolved}`);
  }
  const rawOpenByKey = raw.prepare('select id, folderId, resolvedAt from alarm where dashboardId = ? and groupKey = ? and resolvedAt is null');
  const rawHistory = raw.prepare('select * from alarmHistory where alarmId = ? order by id');
  const someAlarm = (raw.prepare('select id from alarm where folderId = ? limit 1 offset 5000').get(folders.done) as { id: number }).id;
  const figures = {
    resolveByKey: median(resolve),
    rawOpenByKey: await timed(() => rawOpenByKey.all(dashboard.id, 'sensor:42')),
    history: await timed(() => call('GET', `${v1}/alarms/${someAlarm}/history`, token)),
    rawHistory: await timed(() => rawHistory.all(someAlarm)),
    page: await timed(() => call('GET', `${v1}/folders/${folders.inbox}/alarms?size=20&sort=receivedAt,desc&acknowledged=true`, token)),
    historyRows: (raw.prepare('select count(*) as n from alarmHistory').get() as { n: number }).n,
  };
  raw.close();
  await stop();
  return figures;
}
