/**
 * The built product under load (its own process, autocannon in another): 50 clients for 30 s of
 * mixed traffic (the sign-in check, a location dashboard, a week of hourly data), with errors and
 * p99 (goal: 0 errors, p99 <= 250 ms); and `/auth/me`'s p99 while 100-channel year reads run back
 * to back (goal <= 50 ms), against its p99 when idle.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { addDays, localMidnight, todayLocal, wallClock } from '../src/lib/amsterdam';
import { intervalValue } from '../src-server/modules/meterbeheer/hub-simulator/profiles';
import { ADMIN, startProduct } from '../e2e/support/product';
import { mixedLoad } from './load';

const YEAR_CHANNELS = 100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/**
 * Written straight into the running product's database (WAL lets two connections write): one
 * location with an electricity meter (import, export) and a gas meter over the last 60 days, and
 * 100 channels with a year of hourly sums for the long reads.
 */
function seed(file: string) {
  const raw = new SQLite(file);
  raw.pragma('busy_timeout = 5000');
  const now = Math.floor(Date.now() / 1000);
  const start = localMidnight(addDays(todayLocal(), -60));
  raw.transaction(() => {
    raw.prepare("insert into organization (name, createdAt) values ('Bench BV', 0)").run();
    raw
      .prepare(
        "insert into location (organizationId, name, country, state, city, streetAddress, zipcode, unit, createdAt) values (1, 'Kantoor', 'Nederland', 'Utrecht', 'Utrecht', 'Stationsplein 1', '3511 ED', null, 0)",
      )
      .run();
    const feed = raw.prepare(
      "insert into feed (uuid, provider, name, meterKind, status, organizationId, createTimestamp, failureCount) values (?, 'kenter', ?, ?, 'verified', 1, 0, 0)",
    );
    const channel = raw.prepare("insert into channel (feedUuid, code, url, createTimestamp) values (?, ?, 'http://127.0.0.1:9/x', 0)");
    const value = raw.prepare('insert into measurement (channelId, ts, value) values (?, ?, ?)');
    feed.run('power', 'Stroom', 'electricity');
    feed.run('gas', 'Gas', 'gas');
    channel.run('power', '1.8.0');
    channel.run('power', '2.8.0');
    channel.run('gas', '24.2.1');
    raw
      .prepare("insert into meter (locationId, name, type, netImportChannelId, netExportChannelId, createdAt) values (1, 'Hoofdmeter', 'electricity', 1, 2, 0)")
      .run();
    raw
      .prepare("insert into meter (locationId, name, type, netImportChannelId, netExportChannelId, createdAt) values (1, 'Gasmeter', 'gas', 3, null, 0)")
      .run();
    for (let ts = start; ts < now - 900; ts += 900) {
      value.run(1, ts, intervalValue('import', 1, ts * 1000, 15));
      value.run(2, ts, intervalValue('export', 2, ts * 1000, 15));
      if (ts % 3600 === 0) value.run(3, ts, intervalValue('gas', 3, ts * 1000, 60));
    }
    raw.exec('insert into "measurementHour" select "channelId", "ts" - "ts" % 3600, sum("value") from "measurement" group by 1, 2');

    feed.run('year', 'Jaar', 'electricity');
    const hour = raw.prepare('insert into "measurementHour" (channelId, ts, value) values (?, ?, ?)');
    for (let c = 0; c < YEAR_CHANNELS; c++) {
      const id = Number(channel.run('year', `c${c}`).lastInsertRowid);
      for (let ts = localMidnight('2025-01-01'); ts < localMidnight('2026-01-01'); ts += 3600) hour.run(id, ts, intervalValue('import', id, ts * 1000, 60));
    }
  })();
  raw.close();
}

export async function benchMixedLoad() {
  const product = await startProduct();
  seed(path.join(product.dataDir, 'app.db'));
  const login = await fetch(`${product.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
  const today = todayLocal();
  const monday = addDays(today, -((wallClock(localMidnight(today)).getUTCDay() + 6) % 7));
  const mixed = [
    { path: '/auth/me', headers },
    { path: `/trpc/dashboard.location?input=${encodeURIComponent(JSON.stringify({ locationId: 1 }))}`, headers },
    { path: `/api/meter-channel/1,2/measurements/aggregate/hour?from=${monday}T00:00:00&to=${addDays(monday, 7)}T00:00:00`, headers },
  ];
  for (const r of mixed) {
    const res = await fetch(product.url + r.path, { headers });
    if (!res.ok) throw new Error(`${r.path}: ${res.status} ${await res.text()}`);
  }
  await mixedLoad(product.url, mixed, 10, 3); // warm-up
  const load = await mixedLoad(product.url, mixed, 50, 30);

  const me = [{ path: '/auth/me', headers }];
  const idle = await mixedLoad(product.url, me, 10, 5);
  const ids = Array.from({ length: YEAR_CHANNELS }, (_, i) => i + 4).join(',');
  const reads = [`aggregate/day?from=2025-01-01T00:00:00&to=2026-01-01T00:00:00`, `sum/total?from=2025-01-01T00:00:00&to=2026-01-01T00:00:00`];
  const readTimes: number[] = [];
  let reading = true;
  const reader = (async () => {
    for (let i = 0; reading; i++) {
      const started = performance.now();
      const res = await fetch(`${product.url}/api/meter-channel/${ids}/measurements/${reads[i % 2]}`, { headers });
      if (!res.ok) throw new Error(`year read: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      if (i % 2 === 0) readTimes.push(performance.now() - started);
    }
  })();
  const duringReads = await mixedLoad(product.url, me, 10, 10);
  reading = false;
  await reader;
  await product.stop();
  return { load, idle, duringReads, yearRead: median(readTimes), yearReads: readTimes.length };
}
