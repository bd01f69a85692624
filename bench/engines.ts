/**
 * SQLite and PostgreSQL side by side in one run: the built product in
 * its own process on each engine, the same data seeded through Kysely, the same requests:
 * GET /auth/me (req/s under autocannon), and the median latency over REST of the heavy reads on a
 * firm's data (30 locations of three meters each, one with a year of quarter-hours, the others six
 * weeks; 20,000 alarms over the locations): a folder page of 20 alarms, the dashboard's alarm
 * count, a console search over the dashboard, one channel-year per hour and per day, the location
 * list and one location's dashboard; then the mix of those reads under load (req/s). Goal:
 * PostgreSQL within 2× of SQLite for each.
 * PostgreSQL is a throwaway cluster (src-server/testing/postgres.ts); without one installed the
 * figure is skipped.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { ADMIN, startProduct } from '../e2e/support/product';
import { localMidnight } from '../src/lib/amsterdam';
import { engineOf, openDatabase } from '../src-server/platform/db/database';
import { intervalValue } from '../src-server/modules/meterbeheer/hub-simulator/profiles';
import { postgresAvailable, startPostgres } from '../src-server/testing/postgres';
import { mixedLoad, requestsPerSecond } from './load';
import { timed } from './stats';

const YEAR_START = localMidnight('2025-01-01');
const YEAR_END = localMidnight('2026-01-01');
const ALARMS = 20_000;
/** Locations beside the one with a year of data, each with six weeks (the end of the year) on three meters. */
const BRANCHES = 29;
const BRANCH_WEEKS = 6;
const MIX_SECONDS = 15;
const MIX_CLIENTS = 20;

export interface EngineFigures {
  engine: 'sqlite' | 'postgres';
  authMeRps: number;
  folderPage: number;
  alarmCount: number;
  channelYearHour: number;
  channelYearDay: number;
  locations: number;
  location: number;
  consoleSearch: number;
  /** The heavy reads mixed, req/s under load. */
  mixedRps: number;
}

/** The heavy reads, for the table of ratios. */
export const ENGINE_READS = {
  folderPage: 'folder page, 20 of 20,000 alarms',
  alarmCount: 'alarm count of the dashboard',
  channelYearHour: 'one channel-year per hour',
  channelYearDay: 'one channel-year per day',
  consoleSearch: 'console search over 20,000 alarms',
  locations: 'GET /api/dashboard/locations, 30 locations',
  location: 'GET /api/dashboard/location/{id}, 3 meters',
} as const;

/** A signed-in admin's calls to the product over REST. */
type Call = (method: string, p: string, token?: string, body?: unknown) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The firm's data of the bench in a running product: an organization and a dashboard over REST,
 * the rest through the product's own database layer (the same rows on both engines).
 */
export async function seedFirm(call: Call, accessToken: string, databaseTarget: string) {
  const org = await call('PUT', '/api/organizations', accessToken, { name: 'Bench' });
  const dashboard = await call('POST', '/api/v1/alarms/dashboards', accessToken, { name: 'Bench', organizationId: org.id });
  const folders = await call('GET', `/api/v1/alarms/dashboards/${dashboard.id}/folders`, accessToken);
  const inbox = folders.find((f: { name: string }) => f.name === 'inbox').id;

  const db = openDatabase(databaseTarget);
  await db
    .insertInto('feed')
    .values({ uuid: 'bench', provider: 'kenter', name: 'bench', meterKind: 'electricity', status: 'verified', createTimestamp: 0 })
    .execute();
  // Five channels (two electricity meters with import and export, one gas meter) on one location.
  const kinds = ['import', 'export', 'import', 'export', 'gas'] as const;
  const channels: number[] = [];
  for (const [i, kind] of kinds.entries()) {
    const channel = await db
      .insertInto('channel')
      .values({ feedUuid: 'bench', code: `c${i + 1}`, url: 'http://127.0.0.1:9/x', createTimestamp: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    channels.push(channel.id);
    const quarters = [];
    for (let ts = YEAR_START; ts < YEAR_END; ts += 900) quarters.push({ channelId: channel.id, ts, value: intervalValue(kind, i + 1, ts * 1000, 15) });
    for (let j = 0; j < quarters.length; j += 5000)
      await db
        .insertInto('measurement')
        .values(quarters.slice(j, j + 5000))
        .execute();
  }
  await sql`insert into "measurementHour" ("channelId", "ts", "value") select "channelId", "ts" - "ts" % 3600, sum("value") from "measurement" group by 1, 2`.execute(
    db,
  );
  const newLocation = async (name: string) =>
    (
      await db
        .insertInto('location')
        .values({ organizationId: org.id, name, country: 'NL', state: 'U', city: 'Utrecht', streetAddress: 'Weg 1', zipcode: '3511 AA', createdAt: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const meter = (locationId: number, name: string, type: 'electricity' | 'gas', netImportChannelId: number, netExportChannelId: number | null) =>
    db.insertInto('meter').values({ locationId, name, type, netImportChannelId, netExportChannelId, createdAt: 0 }).execute();
  const place = { id: await newLocation('Fabriek') };
  await meter(place.id, 'Hoofdaansluiting', 'electricity', channels[0]!, channels[1]!);
  await meter(place.id, 'Hal 2', 'electricity', channels[2]!, channels[3]!);
  await meter(place.id, 'Gas', 'gas', channels[4]!, null);
  // The branches: the last weeks of the year's channels copied onto channels of their own.
  const places = [place.id];
  const copyFrom = YEAR_END - BRANCH_WEEKS * 7 * 86400;
  for (let b = 0; b < BRANCHES; b++) {
    const locationId = await newLocation(`Vestiging ${String(b + 1).padStart(2, '0')}`);
    places.push(locationId);
    const own: number[] = [];
    for (const [i, source] of channels.entries()) {
      const { id } = await db
        .insertInto('channel')
        .values({ feedUuid: 'bench', code: `b${b}c${i}`, url: 'http://127.0.0.1:9/x', createTimestamp: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      own.push(id);
      for (const table of ['measurement', 'measurementHour'])
        await sql`insert into ${sql.table(table)} ("channelId", "ts", "value") select ${id}, "ts", "value" * ${1 + b / 10} from ${sql.table(table)} where "channelId" = ${source} and "ts" >= ${copyFrom}`.execute(
          db,
        );
    }
    await meter(locationId, 'Hoofdaansluiting', 'electricity', own[0]!, own[1]!);
    await meter(locationId, 'Hal 2', 'electricity', own[2]!, own[3]!);
    await meter(locationId, 'Gas', 'gas', own[4]!, null);
  }
  for (let start = 0; start < ALARMS; start += 2000) {
    const rows = Array.from({ length: 2000 }, (_, k) => {
      const i = start + k;
      const at = YEAR_START + i * 60;
      const priority = (['LOW', 'MEDIUM', 'HIGH'] as const)[i % 3]!;
      return {
        dashboardId: dashboard.id,
        folderId: inbox,
        line: `Storing ${i}`,
        priority,
        priorityRank: (i % 3) + 1,
        receivedAt: at,
        searchText: `storing ${i}`,
        locationId: places[i % places.length],
        lastOccurredAt: at,
        updatedAt: at,
      };
    });
    await db.insertInto('alarm').values(rows).execute();
  }
  // PostgreSQL: the visibility map and statistics autovacuum would have made by the time a firm reads
  // data of weeks (index-only scans need the first); now rather than at a random moment of the run.
  if (engineOf(db) === 'postgres') await sql`vacuum analyze`.execute(db);
  await db.destroy();

  return { dashboardId: dashboard.id as number, inbox: inbox as number, placeId: place.id, channels };
}

async function benchEngine(engine: EngineFigures['engine'], databaseUrl?: string): Promise<EngineFigures> {
  const product = await startProduct(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  try {
    const call = async (method: string, p: string, token?: string, body?: unknown) => {
      const response = await fetch(`${product.url}${p}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return response.json() as Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const { accessToken } = await call('POST', '/auth/login', undefined, ADMIN);
    const headers = { authorization: `Bearer ${accessToken}` };
    await requestsPerSecond(`${product.url}/auth/me`, headers, 2);
    const authMeRps = await requestsPerSecond(`${product.url}/auth/me`, headers);

    const { dashboardId, inbox, placeId, channels } = await seedFirm(call, accessToken, databaseUrl ?? path.join(product.dataDir, 'app.db'));
    const folderPage = await timed(() => call('GET', `/api/v1/alarms/folders/${inbox}/alarms?size=20&sort=receivedAt,desc`, accessToken));
    const alarmCount = await timed(() => call('GET', `/api/v1/alarms/dashboards/${dashboardId}/alarm-count`, accessToken));
    const range = 'from=2025-01-01T00:00:00&to=2026-01-01T00:00:00';
    const channelYearHour = await timed(() => call('GET', `/api/meter-channel/${channels[0]}/measurements/aggregate/hour?${range}`, accessToken));
    const channelYearDay = await timed(() => call('GET', `/api/meter-channel/${channels[0]}/measurements/aggregate/day?${range}`, accessToken));
    const locations = await timed(() => call('GET', '/api/dashboard/locations', accessToken));
    const location = await timed(() => call('GET', `/api/dashboard/location/${placeId}`, accessToken));
    const consoleSearch = await timed(() => call('GET', `/api/v1/alarms/dashboards/${dashboardId}/alarms?size=20&query=storing%2019`, accessToken));
    const mixed = [
      '/auth/me',
      '/api/dashboard/locations',
      `/api/dashboard/location/${placeId}`,
      `/api/v1/alarms/dashboards/${dashboardId}/alarm-count`,
      `/api/v1/alarms/folders/${inbox}/alarms?size=20&sort=receivedAt,desc`,
      `/api/v1/alarms/dashboards/${dashboardId}/alarms?size=20&query=storing%2019`,
    ].map((p) => ({ path: p, headers }));
    await mixedLoad(product.url, mixed, 5, 2); // warm-up
    const load = await mixedLoad(product.url, mixed, MIX_CLIENTS, MIX_SECONDS);
    if (load.errors + load.non2xx > 0) throw new Error(`${engine}: ${load.errors} errors and ${load.non2xx} non-2xx answers under the mixed load`);
    const mixedRps = load.requests / MIX_SECONDS;
    return { engine, authMeRps, folderPage, alarmCount, channelYearHour, channelYearDay, locations, location, consoleSearch, mixedRps };
  } finally {
    await product.stop();
  }
}

/** Both engines, or null when PostgreSQL is not installed. */
export async function benchEngines(): Promise<EngineFigures[] | null> {
  if (!postgresAvailable()) return null;
  const pg = await startPostgres();
  try {
    return [await benchEngine('sqlite'), await benchEngine('postgres', `${pg.url}?schema=bench`)];
  } finally {
    pg.stop();
  }
}

// Alone (after `npm run build`): node --import tsx bench/engines.ts
if (import.meta.url === `file://${process.argv[1]}`) console.table(await benchEngines());
