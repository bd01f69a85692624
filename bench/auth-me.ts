/**
 * GET /auth/me through the whole product (Hono, auth service, Kysely) against a bare Hono route
 * that does the same single SQLite lookup with a prepared statement. Goal: ratio >= 0.7.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import SQLite from 'better-sqlite3';
import { Hono } from 'hono';
import { loadConfig } from '../src-server/config';
import { startServer } from '../src-server/server';
import { requestsPerSecond } from './load';

export async function benchAuthMe() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'energie-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_EMAIL: 'bench@example.nl', ADMIN_PASSWORD: 'bench-wachtwoord-1' });
  const product = await startServer(config, { log: () => {} });
  const login = await fetch(`${product.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.nl', password: 'bench-wachtwoord-1' }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };

  const raw = new SQLite(path.join(dataDir, 'app.db'));
  raw.pragma('journal_mode = WAL');
  const lookup = raw.prepare(
    'select s.secretHash, s.expiresAt, u.id, u.type, u.email, u.fullName, u.organizationId from session s join user u on u.id = s.userId where s.id = ? and s.kind = ?',
  );
  const bare = new Hono().get('/me', (c) => {
    const id = c.req.header('authorization')!.slice(7).split('.')[0];
    const row = lookup.get(id, 'access') as { id: number; type: string; email: string; fullName: string | null } | undefined;
    return row ? c.json({ id: row.id, type: row.type, email: row.email, fullName: row.fullName }) : c.json({}, 401);
  });
  const bareServer = serve({ fetch: bare.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => bareServer.once('listening', r));
  const barePort = (bareServer.address() as AddressInfo).port;

  const headers = { authorization: `Bearer ${accessToken}` };
  await requestsPerSecond(`${product.url}/auth/me`, headers, 1); // warm-up
  const productRps = await requestsPerSecond(`${product.url}/auth/me`, headers);
  const bareRps = await requestsPerSecond(`http://127.0.0.1:${barePort}/me`, headers);

  bareServer.close();
  raw.close();
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return { productRps, bareRps, ratio: productRps / bareRps };
}
