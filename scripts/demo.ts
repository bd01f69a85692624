/**
 * `npm run demo`: the product with the HUB simulator in the same process and a seeded demo world
 * (an organization, three locations, an installer and a customer, feeds for electricity, feed-in
 * and gas with a year of synced data), so a newcomer sees full dashboards within a minute.
 * The simulator's feeds live in memory, so every start begins afresh in DATA_DIR (default
 * ./data-demo, emptied at start; a folder the demo did not make is refused, see demo-data-dir.ts).
 */
import path from 'node:path';
import { loadConfig } from '../src-server/config';
import type { SyncSummary } from '../src/domain/meterbeheer';
import { METERBEHEER_SYNC_JOB } from '../src-server/modules/meterbeheer/meterbeheer.jobs';
import { startServer } from '../src-server/server';
import { startHubSimulator } from '../src-server/modules/meterbeheer/hub-simulator/hub-simulator';
import { startGraphSimulator } from '../src-server/modules/mail-sources/graph/graph-simulator';
import { demoParserConfig, seedDemoAlarms, startDemoMail } from './demo-alarms';
import { seedDemoEnergyRules } from './demo-energy';
import { DEFAULT_DEMO_DATA_DIR, DemoDataDirError, prepareDemoDataDir } from './demo-data-dir';
import { ADMIN, CUSTOMER, INSTALLER, seedDemoWorld } from './demo-world';

const dataDir = process.env.DATA_DIR || DEFAULT_DEMO_DATA_DIR;
try {
  prepareDemoDataDir(dataDir);
} catch (error) {
  if (!(error instanceof DemoDataDirError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const sim = await startHubSimulator({ historyDays: 400 });
// A Microsoft 365 mailbox on loopback that receives a few alarm e-mails a minute, so the inbox lives.
const graph = await startGraphSimulator({ folders: ['Alarmen'] });
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  METERBEHEER_API_URL: sim.baseUrl,
  METERBEHEER_API_KEY: sim.apiKey,
  METERBEHEER_HISTORY_DAYS: '400',
  GRAPH_LOGIN_URL: graph.loginUrl,
  GRAPH_API_URL: graph.apiUrl,
  // The demo runs on this machine: an IMAP server beside it (or in the LAN) may be tried.
  MAIL_ALLOW_PRIVATE_HOSTS: process.env.MAIL_ALLOW_PRIVATE_HOSTS || 'true',
});
const server = await startServer(config, { clientDir: path.resolve('dist/client') });

const { accessToken } = await (
  await fetch(`${server.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
).json();
await seedDemoWorld(server.url, accessToken);
const call = async (method: string, route: string, body?: unknown, form?: FormData) => {
  const res = await fetch(`${server.url}${route}`, {
    method,
    headers: { authorization: `Bearer ${accessToken}`, ...(form ? {} : { 'content-type': 'application/json' }) },
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
};
const [organization] = ((await call('GET', '/api/organizations/list')) as { organizations: { id: number }[] }).organizations;
const alarms = await seedDemoAlarms(
  (method, route, body) => call(method, route, body) as never,
  (route, form) => call('PATCH', route, undefined, form),
  server.services,
  organization!.id,
);
console.log(`Seeded the alarm dashboard with ${alarms.alarms} alarms.`);
await call(
  'POST',
  `/api/v1/alarms/dashboards/${alarms.dashboardId}/email-alarm-sources`,
  graph.sourceSettings('Servicedesk (Microsoft 365, gesimuleerd)', 'Alarmen', 15),
);
// One rules parser that turns the demo mailbox's e-mails into alarms (repeats within an hour group).
// Its location table names a location by the subject (first row that matches wins).
const { locations } = (await call('GET', `/api/organization/${organization!.id}`)) as { locations: { id: number }[] };
const locationRules = ['warmtepomp', 'brandmeld', '.'].flatMap((pattern, i) => (locations[i] ? [{ pattern, locationId: locations[i]!.id }] : []));
await call('POST', `/api/v1/alarms/dashboards/${alarms.dashboardId}/alarm-email-parsers`, {
  type: 'DEFAULT',
  name: 'Monitoring Zonnedak',
  config: demoParserConfig(locationRules),
});
// The installer's saved view, in the console's sidebar with its count.
const installerToken = (
  await (await fetch(`${server.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(INSTALLER) })).json()
).accessToken as string;
await fetch(`${server.url}/api/v1/alarms/dashboards/${alarms.dashboardId}/views`, {
  method: 'POST',
  headers: { authorization: `Bearer ${installerToken}`, 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'Open HOOG, laatste 7 dagen', filter: { priority: 'HIGH', resolved: 'false', period: '7d' } }),
}).then((res) => {
  if (!res.ok) throw new Error(`POST views: ${res.status}`);
});
const mailer = startDemoMail((raw) => graph.deliver(raw, { folder: 'Alarmen' }));
console.log('Seeded the demo world; syncing a year of meter data ...');
const summary = (await server.services.jobs.runNow(METERBEHEER_SYNC_JOB, { force: true })) as SyncSummary;
console.log(`Synced ${summary.feeds} feeds, ${summary.stored.toLocaleString('en-US')} values.`);
const energyRules = await seedDemoEnergyRules(call, alarms.dashboardId);
console.log(`Added ${energyRules} energy rules; they looked back 7 days and raised their alarms in the console.`);
console.log(`
Energiebeheer demo: ${server.url}/app/
  admin      ${ADMIN.email} / ${ADMIN.password}
  installer  ${INSTALLER.email} / ${INSTALLER.password}   (alarm console: ${server.url}/app/alarms/${alarms.dashboardId})
  customer   ${CUSTOMER.email} / ${CUSTOMER.password}
Stop with Ctrl+C.`);

const stop = async () => {
  await server.stop();
  clearInterval(mailer);
  await graph.close();
  await sim.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
