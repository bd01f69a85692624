/**
 * The alarm benches' common start: a real server on a fresh data directory, signed in as the
 * admin, with one organization and one alarm dashboard, and a JSON caller for its REST paths.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src-server/config';
import { startServer } from '../src-server/server';

export async function startAlarmBench(name: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `energie-${name}-`));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_EMAIL: 'bench@example.nl', ADMIN_PASSWORD: 'bench-wachtwoord-1' });
  const server = await startServer(config, { log: () => {} });
  const call = async (method: string, route: string, token?: string, body?: unknown) => {
    const res = await fetch(`${server.url}${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };
  const { accessToken } = await call('POST', '/auth/login', undefined, { email: 'bench@example.nl', password: 'bench-wachtwoord-1' });
  const org = await call('PUT', '/api/organizations', accessToken, { name: 'Bench' });
  const dashboard = await call('POST', '/api/v1/alarms/dashboards', accessToken, { name: 'Bench', organizationId: org.id });
  return {
    dataDir,
    url: server.url,
    call,
    accessToken: accessToken as string,
    dashboard: dashboard as { id: number },
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
