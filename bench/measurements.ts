/**
 * Measurement figures: one channel-year aggregated per hour and per day through GET
 * /api/meter-channel/... (median latency, goal ≤ 10 ms), 100 channel-years summed (goal ≤ 150 ms),
 * each against the same SQL run raw. The forecast's accuracy is `forecast.ts`'s, on real data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { localMidnight } from '../src/lib/amsterdam';
import { loadConfig } from '../src-server/config';
import { intervalValue } from '../src-server/modules/meterbeheer/hub-simulator/profiles';
import { startServer } from '../src-server/server';
import { timed } from './stats';

const YEAR_START = localMidnight('2025-01-01');
const YEAR_END = localMidnight('2026-01-01');

function seed(file: string, channels: number) {
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw
    .prepare(
      "insert into feed (uuid, provider, name, meterKind, status, createTimestamp, failureCount) values ('bench', 'kenter', 'bench', 'electricity', 'verified', 0, 0)",
    )
    .run();
  const channel = raw.prepare("insert into channel (feedUuid, code, url, createTimestamp) values ('bench', ?, 'http://127.0.0.1:9/x', 0)");
  const insert = raw.prepare('insert into measurement (channelId, ts, value) values (?, ?, ?)');
  raw.transaction(() => {
    for (let c = 1; c <= channels; c++) {
      channel.run(`c${c}`);
      for (let ts = YEAR_START; ts < YEAR_END; ts += 900) insert.run(c, ts, intervalValue('import', c, ts * 1000, 15));
    }
  })();
  raw.exec('insert into "measurementHour" select "channelId", "ts" - "ts" % 3600, sum("value") from "measurement" group by 1, 2');
  return raw;
}

export async function benchMeasurements() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'energie-measure-'));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_EMAIL: 'bench@example.nl', ADMIN_PASSWORD: 'bench-wachtwoord-1' });
  const server = await startServer(config, { log: () => {} });
  const raw = seed(path.join(dataDir, 'app.db'), 100);
  const login = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.nl', password: 'bench-wachtwoord-1' }),
  });
  const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
  const get = (p: string) => fetch(`${server.url}/api/meter-channel/${p}`, { headers }).then((r) => r.json());
  const range = 'from=2025-01-01T00:00:00&to=2026-01-01T00:00:00';
  const grouped = raw.prepare('select channelId, ts, value from measurementHour where channelId in (1) and ts >= ? and ts < ?');
  const ids = Array.from({ length: 100 }, (_, i) => i + 1);
  const total = raw.prepare(`select sum(value) from measurementHour where channelId in (${ids.join(',')}) and ts >= ? and ts < ?`);

  const figures = {
    hour: await timed(() => get(`1/measurements/aggregate/hour?${range}`), 21),
    day: await timed(() => get(`1/measurements/aggregate/day?${range}`), 21),
    rawGrouped: await timed(() => grouped.all(YEAR_START, YEAR_END), 21),
    sum100: await timed(() => get(`${ids.join(',')}/measurements/sum/total?${range}`), 5),
    rawSum100: await timed(() => total.get(YEAR_START, YEAR_END), 5),
  };
  raw.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return figures;
}
