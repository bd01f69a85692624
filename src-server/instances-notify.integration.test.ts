/**
 * A HIGH alarm's webhook when the instance sending it dies mid-attempt (kill -9, as in a power
 * cut): the other instance on the same PostgreSQL sends it again, with the same delivery id, within
 * 60 s of the death. Runs on PostgreSQL (TEST_DATABASE_URL), two product processes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, onTestFinished } from 'vitest';
import { PROCESS_ADMIN, type ProductProcess, killHard, startProductProcess } from './testing/product-process';

const url = process.env.TEST_DATABASE_URL;

test.runIf(url)(
  'kill -9 of the instance sending a HIGH alarm’s webhook: the other instance sends it again, same delivery id, within 60 s',
  async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'energie-notify-'));
    // The receiver records each delivery and keeps the first one waiting: the sender dies mid-attempt.
    const deliveries: { id: string; at: number }[] = [];
    const waiting: ServerResponse[] = [];
    const receiver = createServer((req: IncomingMessage, res: ServerResponse) => {
      deliveries.push({ id: String(req.headers['x-energiebeheer-delivery']), at: performance.now() });
      req.resume();
      if (deliveries.length === 1) waiting.push(res);
      else res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const target = new URL(url!);
    target.searchParams.set('schema', `notify_${randomBytes(6).toString('hex')}`);
    const env = { DATABASE_URL: target.toString(), SECRET_KEY: 'een-gedeelde-sleutel-van-minstens-32-tekens', NOTIFY_ALLOW_PRIVATE_TARGETS: 'true' };
    const processes: ProductProcess[] = [];
    onTestFinished(async () => {
      for (const res of waiting) res.destroy();
      receiver.close();
      for (const p of processes) await killHard(p);
      rmSync(dir, { recursive: true, force: true });
    });
    const a = await startProductProcess(mkdtempSync(path.join(dir, 'a-')), env);
    processes.push(a);
    const { accessToken: token } = await a.call('POST', '/auth/login', undefined, PROCESS_ADMIN);
    const org = await a.call('PUT', '/api/organizations', token, { name: 'Piket' });
    const dashboard = await a.call('POST', '/api/v1/alarms/dashboards', token, { name: 'Piket', organizationId: org.id });
    const { port } = receiver.address() as { port: number };
    await a.call('POST', `/api/v1/alarms/dashboards/${dashboard.id}/notification-rules`, token, {
      name: 'Pieper',
      priorities: ['HIGH'],
      events: ['created'],
      channel: { type: 'WEBHOOK', url: `http://127.0.0.1:${port}/pieper`, secret: 'pieper-geheim-0123456789' },
    });
    await a.call('POST', `/api/v1/alarms/dashboards/${dashboard.id}/alarms`, token, { line: 'Ketel 1: storing', priority: 'HIGH' });
    await expect.poll(() => deliveries.length, { timeout: 15_000, interval: 50 }).toBe(1);
    // B starts while A is alive and mid-attempt, as the second instance of a pair would be.
    processes.push(await startProductProcess(mkdtempSync(path.join(dir, 'b-')), env));
    await killHard(a);
    const died = performance.now();

    await expect.poll(() => deliveries.length, { timeout: 60_000, interval: 200 }).toBeGreaterThanOrEqual(2);
    expect(deliveries[1]!.at - died).toBeLessThan(60_000);
    expect(deliveries[1]!.id).toBe(deliveries[0]!.id);
  },
  120_000,
);
