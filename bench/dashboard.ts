/**
 * The location dashboard's answer (GET /api/dashboard/location/{id}) with a year of quarter-hours
 * on three meters (two electricity meters with import and export, one gas meter): median latency
 * over REST (goal ≤ 50 ms), and the location list beside it. Today's forecast is cached per day,
 * so the first answer (which computes it) is reported apart: right after the start, and warm.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { addDays, localMidnight, todayLocal } from '../src/lib/amsterdam';
import { loadConfig } from '../src-server/config';
import { intervalValue } from '../src-server/modules/meterbeheer/hub-simulator/profiles';
import { measurementsChanged } from '../src-server/modules/measurement-store/figure-cache';
import { startServer } from '../src-server/server';
import { median } from './stats';

function seed(file: string) {
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  const today = todayLocal();
  const [from, to] = [localMidnight(addDays(today, -366)), localMidnight(today)]; // as the HUB publishes: up to yesterday
  raw.prepare("insert into organization (name, createdAt) values ('Bench', 0)").run();
  raw
    .prepare(
      "insert into location (organizationId, name, country, state, city, streetAddress, zipcode, createdAt) values (1, 'Fabriek', 'NL', 'U', 'Utrecht', 'Weg 1', '3511 AA', 0)",
    )
    .run();
  raw
    .prepare(
      "insert into feed (uuid, provider, name, meterKind, status, createTimestamp, failureCount) values ('b', 'kenter', 'b', 'electricity', 'verified', 0, 0)",
    )
    .run();
  const channel = raw.prepare("insert into channel (feedUuid, code, url, createTimestamp) values ('b', ?, 'http://127.0.0.1:9/x', 0)");
  const meter = raw.prepare('insert into meter (locationId, name, type, netImportChannelId, netExportChannelId, createdAt) values (1, ?, ?, ?, ?, 0)');
  const insert = raw.prepare('insert into measurement (channelId, ts, value) values (?, ?, ?)');
  raw.transaction(() => {
    const kinds = ['import', 'export', 'import', 'export', 'gas'] as const;
    kinds.forEach((kind, i) => {
      channel.run(`c${i + 1}`);
      for (let ts = from; ts < to; ts += 900) insert.run(i + 1, ts, intervalValue(kind, i + 1, ts * 1000, 15));
    });
    meter.run('Hoofdaansluiting', 'electricity', 1, 2);
    meter.run('Hal 2', 'electricity', 3, 4);
    meter.run('Gas', 'gas', 5, null);
  })();
  raw.exec('insert into "measurementHour" select "channelId", "ts" - "ts" % 3600, sum("value") from "measurement" group by 1, 2');
  raw.close();
}

export async function benchDashboard() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'energie-dashboard-'));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_EMAIL: 'bench@example.nl', ADMIN_PASSWORD: 'bench-wachtwoord-1' });
  const server = await startServer(config, { log: () => {} });
  seed(path.join(dataDir, 'app.db'));
  const login = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.nl', password: 'bench-wachtwoord-1' }),
  });
  const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
  const get = async (p: string) => {
    const start = performance.now();
    const res = await fetch(`${server.url}${p}`, { headers });
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    await res.json();
    return performance.now() - start;
  };
  const first = await get('/api/dashboard/location/1');
  // The first answer of a later day, the code warm: the cached figures dropped before each.
  const firstOfDay: number[] = [];
  for (let i = 0; i < 7; i++) {
    measurementsChanged(server.services.db, [1, 2, 3, 4, 5]);
    firstOfDay.push(await get('/api/dashboard/location/1'));
  }
  const location: number[] = [];
  const list: number[] = [];
  for (let i = 0; i < 21; i++) location.push(await get('/api/dashboard/location/1'));
  for (let i = 0; i < 21; i++) list.push(await get('/api/dashboard/locations'));
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return { first, firstOfDay: median(firstOfDay), location: median(location), list: median(list) };
}
