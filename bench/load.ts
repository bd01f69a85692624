/** Runs autocannon as a second process: requests per second of one URL, or the figures of mixed traffic. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export async function requestsPerSecond(url: string, headers: Record<string, string>, seconds = 5, connections = 10) {
  const args = [cli, '-j', '-d', String(seconds), '-c', String(connections)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`load run had ${result.non2xx} non-2xx and ${result.errors} errors`);
  return result.requests.average as number;
}

export interface LoadFigures {
  requests: number;
  errors: number;
  non2xx: number;
  p50: number;
  p99: number;
}

/**
 * `connections` clients for `seconds`, each cycling through `requests` (paths on `url`); latency in
 * ms. Several addresses: the clients are split evenly over them (a zero-cost balancer), percentiles
 * pooled over every response, and `cpuMs` is the load client's own CPU time.
 */
export async function mixedLoad(url: string | string[], requests: { path: string; headers?: Record<string, string> }[], connections: number, seconds: number) {
  const client = path.resolve('bench/load-client.mjs');
  const target = Array.isArray(url) ? { urls: url } : { url };
  const options = JSON.stringify({ ...target, connections, duration: seconds, requests: requests.map((r) => ({ method: 'GET', ...r })) });
  const { stdout } = await promisify(execFile)(process.execPath, [client, options], { maxBuffer: 64 * 1024 * 1024 });
  const r = JSON.parse(stdout);
  return {
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuMs: r.cpuMs,
  } as LoadFigures & {
    cpuMs?: number;
  };
}
