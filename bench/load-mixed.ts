/**
 * The built product under load (its own process, autocannon in another): 50 clients for 30 s of
 * mixed traffic (the sign-in check, a location dashboard, a week of hourly data), with errors and
 * p99 (goal: 0 errors, p99 <= 250 ms); and `/auth/me`'s p99 while 100-channel year reads run back
 * to back (goal <= 50 ms), against its p99 when idle.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { addDays, localMidnight, todayLocal, wallClock } from '../src/lib/amsterdam';
import { intervalValue } from '../src-server/modules/meterbeheer/hub-simulator/profiles';
import { adminToken, startProduct } from '../e2e/support/product';
import { openDatabase } from '../src-server/platform/db/database';
import { TEST_ADDRESS } from '../src-server/testing/fixtures';
import { mixedLoad } from './load';

const YEAR_CHANNELS = 100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/**
 * Written straight into the running product's database through Kysely, so on either engine (on
 * SQLite WAL lets two connections write): one location with an electricity meter (import, export)
 * and a gas meter over the last 60 days, and `yearChannels` channels with a year of hourly sums for
 * the long reads (their ids follow the first three channels').
 */
export async function seedMixedLoad(database: string, yearChannels: number) {
  const db = openDatabase(database);
  const now = Math.floor(Date.now() / 1000);
  const start = localMidnight(addDays(todayLocal(), -60));
  const inChunks = async <T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += 5000) await insert(rows.slice(i, i + 5000));
  };
  try {
    await db.transaction().execute(async (trx) => {
      const org = await trx.insertInto('organization').values({ name: 'Bench BV', createdAt: 0 }).returning('id').executeTakeFirstOrThrow();
      const location = await trx
        .insertInto('location')
        .values({ organizationId: org.id, name: 'Kantoor', ...TEST_ADDRESS, createdAt: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const feed = (uuid: string, name: string, meterKind: 'electricity' | 'gas') =>
        trx
          .insertInto('feed')
          .values({ uuid, provider: 'kenter', name, meterKind, status: 'verified', organizationId: org.id, createTimestamp: 0, failureCount: 0 })
          .execute();
      const channel = async (feedUuid: string, code: string) =>
        (await trx.insertInto('channel').values({ feedUuid, code, url: 'http://127.0.0.1:9/x', createTimestamp: 0 }).returning('id').executeTakeFirstOrThrow())
          .id;
      await feed('power', 'Stroom', 'electricity');
      await feed('gas', 'Gas', 'gas');
      const [imp, exp, gas] = [await channel('power', '1.8.0'), await channel('power', '2.8.0'), await channel('gas', '24.2.1')];
      await trx
        .insertInto('meter')
        .values([
          { locationId: location.id, name: 'Hoofdmeter', type: 'electricity', netImportChannelId: imp, netExportChannelId: exp, createdAt: 0 },
          { locationId: location.id, name: 'Gasmeter', type: 'gas', netImportChannelId: gas, netExportChannelId: null, createdAt: 0 },
        ])
        .execute();
      const values: { channelId: number; ts: number; value: number }[] = [];
      for (let ts = start; ts < now - 900; ts += 900) {
        values.push({ channelId: imp, ts, value: intervalValue('import', imp, ts * 1000, 15) });
        values.push({ channelId: exp, ts, value: intervalValue('export', exp, ts * 1000, 15) });
        if (ts % 3600 === 0) values.push({ channelId: gas, ts, value: intervalValue('gas', gas, ts * 1000, 60) });
      }
      await inChunks(values, (chunk) => trx.insertInto('measurement').values(chunk).execute());
      await sql`insert into "measurementHour" ("channelId", "ts", "value") select "channelId", "ts" - "ts" % 3600, sum("value") from "measurement" group by 1, 2`.execute(
        trx,
      );
      await feed('year', 'Jaar', 'electricity');
      for (let c = 0; c < yearChannels; c++) {
        const id = await channel('year', `c${c}`);
        const hours: typeof values = [];
        for (let ts = localMidnight('2025-01-01'); ts < localMidnight('2026-01-01'); ts += 3600)
          hours.push({ channelId: id, ts, value: intervalValue('import', id, ts * 1000, 60) });
        await inChunks(hours, (chunk) => trx.insertInto('measurementHour').values(chunk).execute());
      }
    });
  } finally {
    await db.destroy();
  }
}

/** The mixed traffic: the sign-in check, the location dashboard and a week of hourly data of location 1's electricity meter (channels 1 and 2). */
export function mixedRequests(token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const today = todayLocal();
  const monday = addDays(today, -((wallClock(localMidnight(today)).getUTCDay() + 6) % 7));
  return [
    { path: '/auth/me', headers },
    { path: `/trpc/dashboard.location?input=${encodeURIComponent(JSON.stringify({ locationId: 1 }))}`, headers },
    { path: `/api/meter-channel/1,2/measurements/aggregate/hour?from=${monday}T00:00:00&to=${addDays(monday, 7)}T00:00:00`, headers },
  ];
}

export async function benchMixedLoad() {
  const product = await startProduct();
  await seedMixedLoad(path.join(product.dataDir, 'app.db'), YEAR_CHANNELS);
  const token = await adminToken(product.url);
  const headers = { authorization: `Bearer ${token}` };
  const mixed = mixedRequests(token);
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
