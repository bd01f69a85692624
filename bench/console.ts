/**
 * The console for a working day with 100,000 alarms over 50 locations: a filtered
 * dashboard-wide search, a saved view's count (GET /views with one view) and the CSV of 10,000
 * alarms streamed, over REST; medians.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { startAlarmBench } from './alarm-bench-server';

const ALARMS = 100_000;
const LOCATIONS = 50;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(run: () => Promise<unknown>, times = 21) {
  await run();
  const samples = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/** 100,000 alarms over the last year and 50 locations: 10,000 open in the inbox, the rest resolved in Afgehandeld; a third assigned. */
function seed(raw: SQLite.Database, dashboardId: number, organizationId: number, folders: { inbox: number; done: number }, me: number) {
  const at0 = Math.floor(Date.now() / 1000);
  const location = raw.prepare(
    "insert into location (organizationId, name, country, state, city, streetAddress, zipcode, unit, createdAt) values (?, ?, 'Nederland', 'Utrecht', 'Utrecht', 'Straat 1', '3511 AA', null, ?)",
  );
  const locations: number[] = [];
  for (let i = 0; i < LOCATIONS; i++) locations.push(Number(location.run(organizationId, `Klant ${i} Bakkerij`, at0).lastInsertRowid));
  const insert = raw.prepare(
    'insert into alarm (dashboardId, folderId, line, priority, priorityRank, receivedAt, seen, searchText, assigneeCount, lastOccurredAt, updatedAt, acknowledgedAt, resolvedAt, deadlineAt, locationId) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const assign = raw.prepare('insert into alarmAssignee (alarmId, userId) values (?, ?)');
  const priorities = ['LOW', 'MEDIUM', 'HIGH'] as const;
  raw.transaction(() => {
    for (let i = 0; i < ALARMS; i++) {
      const at = at0 - Math.floor((i / ALARMS) * 365 * 86400);
      const p = i % 3;
      const open = i < 10_000;
      const assigned = i % 3 === 0;
      const line = `Storing ${i % 97} installatie ${i % 13}`;
      const { lastInsertRowid } = insert.run(
        dashboardId,
        open ? folders.inbox : folders.done,
        line,
        priorities[p],
        p + 1,
        at,
        i % 4 === 0 ? 0 : 1,
        `${line}\nean 8712${i % 1000}`.toLowerCase(),
        assigned ? 1 : 0,
        at,
        at,
        i % 5 === 0 ? null : at + 60,
        open ? null : at + 3600,
        i % 7 === 0 ? at + 4 * 3600 : null,
        locations[i % LOCATIONS],
      );
      if (assigned) assign.run(lastInsertRowid, me);
    }
  })();
  raw.exec('analyze');
  return locations;
}

export async function benchConsole() {
  const { dataDir, url, call, accessToken, dashboard, stop } = await startAlarmBench('console');
  const v1 = '/api/v1/alarms';
  const folders = Object.fromEntries(
    ((await call('GET', `${v1}/dashboards/${dashboard.id}/folders`, accessToken)) as { id: number; name: string }[]).map((f) => [f.name, f.id]),
  );
  const me = (await call('GET', '/auth/me', accessToken)).id as number;
  const { organization } = (await call('GET', `${v1}/dashboards/${dashboard.id}`, accessToken)) as { organization: { id: number } };
  const raw = new SQLite(path.join(dataDir, 'app.db'));
  raw.pragma('journal_mode = WAL');
  const locations = seed(raw, dashboard.id, organization.id, { inbox: folders.inbox!, done: folders.done! }, me);
  raw.close();

  const search = (query: string) => () => call('GET', `${v1}/dashboards/${dashboard.id}/alarms?size=20&${query}`, accessToken);
  const searches = {
    text: await timed(search('query=installatie%207')),
    location: await timed(search(`locationId=${locations[7]}&priority=HIGH,MEDIUM`)),
    open: await timed(search('resolved=false&acknowledged=false&sort=priority,desc')),
    textInLocation: await timed(search(`query=bakkerij&locationId=${locations[3]}&from=2020-01-01`)),
    mine: await timed(search('assignee=me&overdue=false&period=30d')),
  };
  await call('POST', `${v1}/dashboards/${dashboard.id}/views`, accessToken, {
    name: 'Mijn open HOOG',
    filter: { assignee: 'me', priority: 'HIGH', resolved: 'false' },
  });
  const viewCount = await timed(() => call('GET', `${v1}/dashboards/${dashboard.id}/views`, accessToken));
  let csvLines = 0;
  const csvMs = await timed(async () => {
    const res = await fetch(`${url}${v1}/dashboards/${dashboard.id}/alarms.csv?resolved=false`, { headers: { authorization: `Bearer ${accessToken}` } });
    csvLines = (await res.text()).split('\r\n').length - 2;
  }, 7);
  await stop();
  return { searches, viewCount, csv: csvMs, csvLines };
}
