/**
 * Two instances against one on PostgreSQL ("two instances on PostgreSQL
 * serve the 50-client mixed load with a p99 no worse than one"): the mixed load of load-mixed.ts
 * (50 clients, 30 s) against one built product on a throwaway PostgreSQL and against two on the
 * same database with the clients split 25/25 over them (a zero-cost balancer: no proxy in the
 * path, so the figure is the instances' own), two runs each. Beside the figures, the CPU time each part used
 * (products, PostgreSQL, the load client) against what the machine's cores could give in that time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { adminToken, startProduct, type Product } from '../e2e/support/product';
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
