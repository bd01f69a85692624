import { expect, test, onTestFinished } from 'vitest';
import { createHarness } from './testing/harness';

test('/healthz names the engine, this instance and the leases it holds now', async () => {
  const h = await createHarness();
  onTestFinished(() => h.close());
  const before = await (await h.request('/healthz')).json();
  // The harness runs on PostgreSQL when TEST_DATABASE_URL is set.
  expect(before).toEqual({ status: 'ok', engine: process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite', instance: h.instanceId, leases: [] });
  expect(h.instanceId).toMatch(new RegExp(`:${process.pid}:`));
  await h.leases.acquire('imap-idle:7');
  expect((await (await h.request('/healthz')).json()).leases).toEqual(['imap-idle:7']);
  await h.leases.release('imap-idle:7');
  expect((await (await h.request('/healthz')).json()).leases).toEqual([]);
});
