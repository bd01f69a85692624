/**
 * GET /auth/me through the built product (its own process) against a bare Hono route doing the
 * same single SQLite lookup with a prepared statement (its own process), each loaded by
 * autocannon from a third process. Goal: ratio >= 0.7.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ADMIN, startProduct } from '../e2e/support/product';
import { requestsPerSecond } from './load';

async function startBare(dbFile: string) {
  const child = spawn(process.execPath, [path.resolve('bench/bare-server.mjs'), dbFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      const m = String(d).match(/running at (\S+)/);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url, stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) };
}

export async function benchAuthMe() {
  const product = await startProduct();
  const login = await fetch(`${product.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };

  await requestsPerSecond(`${product.url}/auth/me`, headers, 2); // warm-up
  const productRps = await requestsPerSecond(`${product.url}/auth/me`, headers);

  const bare = await startBare(path.join(product.dataDir, 'app.db'));
  await requestsPerSecond(`${bare.url}/auth/me`, headers, 2);
  const bareRps = await requestsPerSecond(`${bare.url}/auth/me`, headers);
  await bare.stop();
  await product.stop();
  return { productRps, bareRps, ratio: productRps / bareRps };
}
