/**
 * Two instances against one on PostgreSQL ("two instances on PostgreSQL
 * serve the 50-client mixed load with a p99 no worse than one"): the mixed load of load-mixed.ts
 * (50 clients, 30 s) against one built product on a throwaway PostgreSQL and against two on the
 * same database with the clients split 25/25 over them (a zero-cost balancer: no proxy in the
 * path, so the figure is the instances' own), two runs each. Beside the figures, the CPU time each part used
 * (products, PostgreSQL, the load client) against what the machine's cores could give in that time.
 * And a HIGH alarm's page when the instance sending it is killed with SIGKILL mid-delivery.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { adminToken, restClient, startProduct, type Product } from '../e2e/support/product';
import { postgresAvailable, startPostgres } from '../src-server/testing/postgres';
import { type LoadFigures, mixedLoad } from './load';
import { mixedRequests, seedMixedLoad } from './load-mixed';

const SECONDS = 30;
const CLIENTS = 50;
const TICKS = 100; // USER_HZ on Linux

/** CPU time (ms) of a process, with its waited-for children's. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime, stime, cutime, cstime: fields 14-17 of stat, 12-15 after the name.
    return ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) / TICKS;
  } catch {
    return 0;
  }
}

/** CPU time (ms) of the PostgreSQL cluster: its main process and every backend running now. */
function postgresCpuMs(dataDir: string): number {
  const main = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let total = cpuMs(main);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      if (parent === main) total += cpuMs(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

export interface InstancesFigures {
  load: LoadFigures;
  /** CPU seconds used during the measured run: the product processes, PostgreSQL, the load client. */
  cpu: { products: number; postgres: number; client: number };
}

async function measure(products: Product[], dataDir: string): Promise<InstancesFigures> {
  const token = await adminToken(products[0]!.url);
  const mixed = mixedRequests(token);
  const urls = products.map((p) => p.url);
  await mixedLoad(urls, mixed, 10, 3); // warm-up
  const before = { products: products.map((p) => cpuMs(p.pid)), postgres: postgresCpuMs(dataDir) };
  const load = await mixedLoad(urls, mixed, CLIENTS, SECONDS);
  const products_ = products.reduce((n, p, i) => n + cpuMs(p.pid) - before.products[i]!, 0);
  return {
    load,
    cpu: { products: products_ / 1000, postgres: (postgresCpuMs(dataDir) - before.postgres) / 1000, client: (load.cpuMs ?? NaN) / 1000 },
  };
}

/** The mean of two runs' figures (the bench's ABBA order cancels a drift of the machine's load). */
function meanOf(x: InstancesFigures, y: InstancesFigures): InstancesFigures & { p99s: [number, number] } {
  const mean = (f: (r: InstancesFigures) => number) => (f(x) + f(y)) / 2;
  return {
    load: {
      requests: mean((r) => r.load.requests),
      errors: x.load.errors + y.load.errors,
      non2xx: x.load.non2xx + y.load.non2xx,
      p50: mean((r) => r.load.p50),
      p99: mean((r) => r.load.p99),
    },
    cpu: { products: mean((r) => r.cpu.products), postgres: mean((r) => r.cpu.postgres), client: mean((r) => r.cpu.client) },
    p99s: [x.load.p99, y.load.p99],
  };
}

/**
 * One instance and two on the same database, in the order one, two, two, one (the second instance
 * idles while one is measured); each side the mean of its two runs. Null without PostgreSQL.
 */
export async function benchInstances() {
  if (!postgresAvailable()) return null;
  const pg = await startPostgres();
  const url = `${pg.url}?schema=instances`;
  const started: Product[] = [];
  try {
    const first = await startProduct({ DATABASE_URL: url });
    started.push(first);
    await seedMixedLoad(url, 0);
    const second = await startProduct({ DATABASE_URL: url });
    started.push(second);
    const oneA = await measure([first], pg.dataDir);
    const twoA = await measure([first, second], pg.dataDir);
    const twoB = await measure([first, second], pg.dataDir);
    const oneB = await measure([first], pg.dataDir);
    return { one: meanOf(oneA, oneB), two: meanOf(twoA, twoB), cores: availableParallelism(), seconds: SECONDS };
  } finally {
    for (const p of started) await p.stop();
    pg.stop();
  }
}

const RECEIVER_SECRET = 'pieper-geheim-0123456789';

/**
 * One kill -9 run: two built instances on the same database, a HIGH alarm's webhook whose receiver
 * keeps the first attempt waiting (the sending instance is mid-delivery), then SIGKILL of the
 * instance that sent it. The time from its death until the page arrives from the other instance.
 */
async function pageAfterKill(databaseUrl: string): Promise<{ ms: number; sameDelivery: boolean }> {
  const deliveries: { id: string; at: number }[] = [];
  const waiting: ServerResponse[] = [];
  const receiver = createServer((req, res) => {
    deliveries.push({ id: String(req.headers['x-energiebeheer-delivery']), at: performance.now() });
    req.resume();
    if (deliveries.length === 1) waiting.push(res);
    else res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const env = { DATABASE_URL: databaseUrl, SECRET_KEY: 'een-gedeelde-sleutel-van-minstens-32-tekens', NOTIFY_ALLOW_PRIVATE_TARGETS: 'true' };
  const started: Product[] = [];
  try {
    const first = await startProduct(env);
    started.push(first);
    const api = restClient(
      () => first,
      () => token,
    );
    const token = await adminToken(first.url);
    const org = await api<{ id: number }>('PUT', '/api/organizations', { name: `Piket ${randomBytes(3).toString('hex')}` });
    const dashboard = await api<{ id: number }>('POST', '/api/v1/alarms/dashboards', { name: 'Piket', organizationId: org.id });
    const { port } = receiver.address() as AddressInfo;
    await api('POST', `/api/v1/alarms/dashboards/${dashboard.id}/notification-rules`, {
      name: 'Pieper',
      priorities: ['HIGH'],
      events: ['created'],
      channel: { type: 'WEBHOOK', url: `http://127.0.0.1:${port}/pieper`, secret: RECEIVER_SECRET },
    });
    await api('POST', `/api/v1/alarms/dashboards/${dashboard.id}/alarms`, { line: 'Ketel 1: storing', priority: 'HIGH' });
    while (deliveries.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    // The second instance of the pair starts while the first is alive and mid-attempt.
    started.push(await startProduct(env));
    process.kill(first.pid, 'SIGKILL');
    const died = performance.now();
    while (deliveries.length < 2 && performance.now() - died < 120_000) await new Promise((resolve) => setTimeout(resolve, 20));
    return { ms: (deliveries[1]?.at ?? NaN) - died, sameDelivery: deliveries[1]?.id === deliveries[0]!.id };
  } finally {
    for (const res of waiting) res.destroy();
    receiver.close();
    const [first, ...rest] = started;
    if (first) rmSync(first.dataDir, { recursive: true, force: true });
    for (const p of rest) await p.stop();
  }
}

/** A HIGH alarm's page after kill -9 of the instance sending it, three runs (goal: each within 60 s). Null without PostgreSQL. */
export async function benchFailoverPage() {
  if (!postgresAvailable()) return null;
  const pg = await startPostgres();
  try {
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await pageAfterKill(`${pg.url}?schema=failover${i}`));
    return runs;
  } finally {
    pg.stop();
  }
}
