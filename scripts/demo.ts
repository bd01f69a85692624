/**
 * `npm run demo`: the product with the HUB simulator in the same process and a seeded demo world
 * (an organization, three locations, an installer and a customer, feeds for electricity, feed-in
 * and gas with a year of synced data), so a newcomer sees full dashboards within a minute.
 * Data lives in DATA_DIR (default ./data-demo); a second start reuses it.
 */
import path from 'node:path';
import { loadConfig } from '../src-server/config';
import { startServer } from '../src-server/server';
import { startHubSimulator } from '../src-server/modules/meterbeheer/hub-simulator/hub-simulator';

const ADMIN = { email: 'beheer@demo.nl', password: 'demo-beheer-wachtwoord' };
const INSTALLER = { email: 'installateur@demo.nl', password: 'demo-installateur-1' };
const CUSTOMER = { email: 'klant@demo.nl', password: 'demo-klant-wachtwoord' };

const sim = await startHubSimulator({ historyDays: 400 });
const config = loadConfig({
  ...process.env,
  DATA_DIR: process.env.DATA_DIR ?? './data-demo',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  METERBEHEER_API_URL: sim.baseUrl,
  METERBEHEER_API_KEY: sim.apiKey,
  METERBEHEER_HISTORY_DAYS: '400',
});
const server = await startServer(config, { clientDir: path.resolve('dist/client') });

async function api<T>(method: string, route: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

const { accessToken: token } = await api<{ accessToken: string }>('POST', '/auth/login', undefined, ADMIN);
const existing = await api<{ organizations: unknown[] }>('GET', '/api/organizations/list', token);
if (existing.organizations.length === 0) {
  console.log('Seeding the demo world and syncing a year of meter data ...');
  const org = await api<{ id: number }>('PUT', '/api/organizations', token, { name: 'Zonnedak Installaties' });
  const places = [
    { name: 'Hoofdkantoor Utrecht', city: 'Utrecht', state: 'Utrecht', streetAddress: 'Stationsplein 12', zipcode: '3511 ED' },
    { name: 'Magazijn Nieuwegein', city: 'Nieuwegein', state: 'Utrecht', streetAddress: 'Industrieweg 4', zipcode: '3433 NL' },
    { name: 'Winkel Amersfoort', city: 'Amersfoort', state: 'Utrecht', streetAddress: 'Langestraat 80', zipcode: '3811 AJ' },
  ];
  const locations = [];
  for (const place of places) locations.push(await api<{ id: number; name: string }>('POST', '/api/locations', token, { organizationId: org.id, country: 'Nederland', unit: null, ...place }));
  await api('POST', '/api/users/create', token, { type: 'installer', fullName: 'Ingrid Installateur', organizationId: org.id, ...INSTALLER });
  await api('POST', '/api/users/create', token, { type: 'customer', fullName: 'Karin Klant', locationIds: [locations[0]!.id, locations[2]!.id], ...CUSTOMER });

  let ean = 871685900000000001n;
  for (const location of locations) {
    const feedBody = (meterKind: string) => ({ name: `${location.name} ${meterKind === 'gas' ? 'gas' : 'stroom'}`, postalCode: '3511 ED', houseNumber: '12', meterKind, ean: String(ean++), username: 'demo', password: 'demo' });
    const power = await api<{ uuid: string; channels: { id: number; code: string }[] }>('POST', '/api/meterbeheer/feeds/add/kenter', token, feedBody('electricity'));
    const gas = await api<{ uuid: string; channels: { id: number; code: string }[] }>('POST', '/api/meterbeheer/feeds/add/kenter', token, feedBody('gas'));
    const channel = (feed: typeof power, code: string) => ({ type: 'meterbeheer', id: feed.channels.find((c) => c.code === code)!.id });
    await api('POST', '/api/meters/create', token, { type: 'electricity', name: 'Hoofdaansluiting', locationId: location.id, netImportChannel: channel(power, '1.8.0'), netExportChannel: channel(power, '2.8.0') });
    await api('POST', '/api/meters/create', token, { type: 'gas', name: 'Gasmeter', locationId: location.id, netImportChannel: channel(gas, '24.2.1') });
  }
}
const summary = await server.sync.syncAll({ force: true });
console.log(`Synced ${summary.feeds} feeds, ${summary.stored.toLocaleString('en-US')} values.`);
console.log(`
Energiebeheer demo: ${server.url}/app/
  admin      ${ADMIN.email} / ${ADMIN.password}
  installer  ${INSTALLER.email} / ${INSTALLER.password}
  customer   ${CUSTOMER.email} / ${CUSTOMER.password}
Stop with Ctrl+C.`);

const stop = async () => {
  await server.stop();
  await sim.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
