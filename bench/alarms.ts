/**
 * Alarm console figures with 100,000 alarms in one dashboard: a folder page (20 alarms,
 * sorted, filtered by assignee) over REST, folder counts, periodic counts for a year per day, and
 * moving 1,000 alarms in one call, response times for a year per month; each beside the raw SQL of the same query.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { startAlarmBench } from './alarm-bench-server';
import { timed } from './stats';

const ALARMS = 100_000;

/** 100,000 alarms over the last year: most in Afgehandeld, 20,000 in the inbox, a third assigned. */
function seed(raw: SQLite.Database, dashboardId: number, folders: { inbox: number; done: number }, users: number[]) {
  const insert = raw.prepare(
    'insert into alarm (dashboardId, folderId, line, priority, priorityRank, receivedAt, seen, searchText, assigneeCount, lastOccurredAt, updatedAt, acknowledgedAt, resolvedAt) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const assign = raw.prepare('insert into alarmAssignee (alarmId, userId) values (?, ?)');
  const priorities = ['LOW', 'MEDIUM', 'HIGH'] as const;
  const end = Math.floor(Date.now() / 1000);
  raw.transaction(() => {
    for (let i = 0; i < ALARMS; i++) {
      const at = end - Math.floor((i / ALARMS) * 365 * 86400);
      const p = i % 3;
      const assigned = i % 3 === 0;
      const line = `Storing ${i % 97} installatie ${i % 13}`;
      const { lastInsertRowid } = insert.run(
        dashboardId,
        i < 20_000 ? folders.inbox : folders.done,
        line,
        priorities[p],
        p + 1,
        at,
        i % 4 === 0 ? 0 : 1,
        line.toLowerCase(),
        assigned ? 1 : 0,
        at,
        at,
        // Four in five acknowledged within minutes; those in Afgehandeld resolved within hours.
        i % 5 === 0 ? null : at + 60 + (i % 7) * 300,
        i < 20_000 ? null : at + 600 + (i % 11) * 3600,
      );
      if (assigned) assign.run(lastInsertRowid, users[i % users.length]);
    }
  })();
  raw.exec('analyze');
}

export async function benchAlarms() {
  const { dataDir, call, accessToken, dashboard, stop } = await startAlarmBench('alarms');
  const folders = Object.fromEntries(
    ((await call('GET', `/api/v1/alarms/dashboards/${dashboard.id}/folders`, accessToken)) as { id: number; name: string }[]).map((f) => [f.name, f.id]),
  );
  const me = (await call('GET', '/auth/me', accessToken)).id as number;
  const raw = new SQLite(path.join(dataDir, 'app.db'));
  raw.pragma('journal_mode = WAL');
  seed(raw, dashboard.id, { inbox: folders.inbox!, done: folders.done! }, [me]);

  const v1 = `/api/v1/alarms`;
  // The same statements the product runs, prepared once and run directly.
  const rawPageRows = raw.prepare(
    `select id, line, priority, receivedAt, deadlineAt, seen, occurrences from alarm where folderId = ? and exists (select 1 from alarmAssignee where alarmId = alarm.id and userId = ?)
     order by receivedAt desc, id desc limit 20`,
  );
  const rawPageCount = raw.prepare(
    'select count(*) from alarmAssignee join alarm on alarm.id = alarmAssignee.alarmId where alarmAssignee.userId = ? and alarm.folderId = ?',
  );
  const rawAssignees = raw.prepare(`select alarmId, userId from alarmAssignee where alarmId in (${Array(20).fill('?').join(',')})`);
  const rawPage = (folderId: number, userId: number) => {
    rawPageCount.get(userId, folderId);
    const rows = rawPageRows.all(folderId, userId) as { id: number }[];
    rawAssignees.all(...rows.map((r) => r.id), ...Array(20 - rows.length).fill(0));
  };
  const rawUnread = raw.prepare('select count(*) from alarm where folderId = ? and seen = 0');
  const rawCounts = () => rawUnread.get(folders.inbox);
  const dayStarts = Array.from({ length: 365 }, (_, i) => Math.floor(Date.now() / 1000) - (365 - i) * 86400);
  const sub = (rank: number) =>
    `(select count(*) from alarm where dashboardId = ? and priorityRank = ${rank} and receivedAt >= b.s and receivedAt < b.e and folderId <> ?)`;
  const rawPeriodicQuery = raw.prepare(
    `with b(i, s, e) as (values ${dayStarts.map(() => '(?, ?, ?)').join(', ')}) select b.i, ${sub(1)}, ${sub(2)}, ${sub(3)} from b order by b.i`,
  );
  const rawPeriodic = () => rawPeriodicQuery.all(...dayStarts.flatMap((s, i) => [i, s, s + 86400]), ...[1, 2, 3].flatMap(() => [dashboard.id, folders.trash]));
  const today = new Date().toISOString().slice(0, 10);
  const lastYear = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  const doneIds = (raw.prepare('select id from alarm where folderId = ? limit 2000').all(folders.done) as { id: number }[]).map((r) => r.id);
  const batches = [doneIds.slice(0, 1000), doneIds.slice(1000, 2000)];

  const figures = {
    page: await timed(() => call('GET', `${v1}/folders/${folders.done}/alarms?size=20&sort=receivedAt,desc&assignee=me`, accessToken)),
    rawPage: await timed(() => rawPage(folders.done!, me)),
    counts: await timed(() => call('GET', `${v1}/dashboards/${dashboard.id}/folder-counts`, accessToken)),
    rawCounts: await timed(() => rawCounts()),
    periodic: await timed(() => call('GET', `${v1}/dashboards/${dashboard.id}/periodic-alarm-count?from=${lastYear}&to=${today}&granularity=day`, accessToken)),
    rawPeriodic: await timed(() => rawPeriodic()),
    responseTimes: await timed(() =>
      call('GET', `${v1}/dashboards/${dashboard.id}/response-times?from=${lastYear.slice(0, 8)}01&to=${today.slice(0, 8)}01&granularity=month`, accessToken),
    ),
    // Back and forth between two folders, so every call moves 1,000 alarms.
    move: await timed((i) => call('POST', `${v1}/folders/${i % 2 === 0 ? folders.inbox : folders.done}/alarms/${batches[0]!.join(',')}`, accessToken), 11),
    rawMove: await timed(
      (i) => raw.prepare(`update alarm set folderId = ? where id in (${batches[1]!.join(',')})`).run(i % 2 === 0 ? folders.inbox : folders.done),
      11,
    ),
  };
  raw.close();
  await stop();
  return figures;
}
