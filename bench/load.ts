/** Runs autocannon as a second process against a URL and returns its requests per second. */
import { execFile } from 'node:child_process';
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
