/**
 * The same promise for Microsoft 365: the product as its own process fetches 600
 * messages from the Graph simulator through a storm of 429s, is killed with SIGKILL half-way,
 * restarts, and ends with exactly one stored e-mail per message, every message tagged.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, expect, test, onTestFinished } from 'vitest';
import { PROCESS_ADMIN, killHard, startProductProcess } from '../../../testing/product-process';
import { startGraphSimulator } from './graph-simulator';

const COUNT = 600;
let sim: Awaited<ReturnType<typeof startGraphSimulator>>;
let dataDir: string;
beforeAll(async () => {
  sim = await startGraphSimulator({ folders: ['Alarmen'] });
  dataDir = mkdtempSync(path.join(tmpdir(), 'energie-graph-crash-'));
});
afterAll(async () => {
  await sim?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('SIGKILL while fetching from Microsoft 365 through 429s, restart: exactly one e-mail per message', async () => {
  for (let i = 0; i < COUNT; i++)
    sim.deliver(`From: pv@example.nl\r\nSubject: Omvormer ${i}\r\nMessage-ID: <pv-${i}@example.nl>\r\n\r\nOmvormer ${i} offline\r\n`, { folder: 'Alarmen' });
  const env = { GRAPH_LOGIN_URL: sim.loginUrl, GRAPH_API_URL: sim.apiUrl };
  let product = await startProductProcess(dataDir, env);
  const { accessToken } = await product.call('POST', '/auth/login', undefined, PROCESS_ADMIN);
  const org = await product.call('PUT', '/api/organizations', accessToken, { name: 'Graph' });
  const dashboard = await product.call('POST', '/api/v1/alarms/dashboards', accessToken, { name: 'Graph', organizationId: org.id });
  const source = await product.call(
    'POST',
    `/api/v1/alarms/dashboards/${dashboard.id}/email-alarm-sources`,
    accessToken,
    sim.sourceSettings('Servicedesk', 'Alarmen', 10),
  );
  // A storm: again and again, after 40 good requests two 429s with a 1 s Retry-After (the client
  // waits out the first, the second ends the run, and the job comes back after the Retry-After).
  for (let i = 0; i < 6; i++) sim.fail({ status: 429, retryAfter: 1, times: 2, after: 40 });

  const db = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
  const stored = () => (db.prepare('select count(*) as n from alarmEmail').get() as { n: number }).n;
  onTestFinished(() => {
    db.close();
    product.child.kill('SIGTERM');
  });
  await product.call('POST', `/api/v1/alarms/sources/${source.id}/fetch-now`, accessToken).catch(() => undefined);
  await expect.poll(stored, { timeout: 60_000, interval: 10 }).toBeGreaterThan(50);
  await killHard(product);
  expect(stored()).toBeLessThan(COUNT);

  product = await startProductProcess(dataDir, env);
  await expect.poll(stored, { timeout: 90_000, interval: 250 }).toBe(COUNT);
  expect((db.prepare('select count(distinct dedupeKey) as n from alarmEmail').get() as { n: number }).n).toBe(COUNT);
  await expect.poll(() => sim.messages('Alarmen').filter((m) => m.categories.includes('Verwerkt')).length, { timeout: 30_000 }).toBe(COUNT);
}, 240_000);
