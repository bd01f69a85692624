/**
 * Starts the built product (`dist/server/main.js`) as its own process on a free loopback port,
 * with a fresh data directory, exactly as `npm start` runs it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ADMIN = { email: 'beheer@example.nl', password: 'e2e-wachtwoord-123' };

export interface Product {
  url: string;
  /** The product process's id (the bench reads its CPU time). */
  pid: number;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

export async function startProduct(env: Record<string, string> = {}): Promise<Product> {
  const main = path.resolve('dist/server/main.js');
  if (!existsSync(main)) throw new Error('dist/server/main.js is missing: run `npm run build` first.');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'energie-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [main], {
    // MAIL_ALLOW_PRIVATE_HOSTS: the test Dovecot runs on loopback.
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      MAIL_ALLOW_PRIVATE_HOSTS: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The product did not start within 20 s:\n${output}`)), 20_000);
    child.stdout!.on('data', () => {
      const match = output.match(/running at (http:\/\/[^/\s]+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`The product exited with ${code}:\n${output}`)));
  }).catch((error) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    url,
    pid: child.pid!,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A REST caller for a journey's setup and checks: `api(method, path, body?)` with the bearer token,
 * JSON both ways; a non-2xx answer throws with its status and body. The product and token are read
 * at each call (journeys set them in `beforeAll`).
 */
export const restClient =
  (product: () => Product, token: () => string) =>
  async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${product().url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token()}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };

/** A REST caller as `restClient` makes it. */
export type RestApi = ReturnType<typeof restClient>;

/** The admin's bearer token: signs in over REST with the password the product was started with. */
export async function adminToken(url: string): Promise<string> {
  const res = await fetch(`${url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (!res.ok) throw new Error(`Admin sign-in: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** A REST caller signed in as the product's admin: how most journeys set up their world. */
export async function adminApi(product: Product): Promise<RestApi> {
  const token = await adminToken(product.url);
  return restClient(
    () => product,
    () => token,
  );
}

/** Where most alarm journeys begin: an organization with one installer and one alarm dashboard, made over REST. */
export async function installerDashboard(
  api: RestApi,
  names: { organization: string; dashboard: string; installer: { email: string; password: string; fullName?: string } },
) {
  const organizationId = (await api<{ id: number }>('PUT', '/api/organizations', { name: names.organization })).id;
  await api('POST', '/api/users/create', { type: 'installer', organizationId, ...names.installer });
  const dashboardId = (await api<{ id: number }>('POST', '/api/v1/alarms/dashboards', { name: names.dashboard, organizationId })).id;
  return { organizationId, dashboardId };
}

/** A location of the organization, in Utrecht, made over REST. */
export const addLocation = (api: RestApi, organizationId: number, name: string) =>
  api<{ id: number }>('POST', '/api/locations', {
    organizationId,
    name,
    country: 'Nederland',
    state: 'Utrecht',
    city: 'Utrecht',
    streetAddress: 'Stationsstraat 1',
    zipcode: '3511 AB',
  });

/**
 * The escalation policy 'Piket' with these steps, and the rule 'Escalatie HOOG' that escalates every
 * new HIGH alarm of the dashboard by it, made over REST. Returns the policy's id.
 */
export async function escalateHighAlarms(api: RestApi, dashboardId: number, policy: { steps: { afterMinutes: number; targets: unknown[] }[]; repeat: number }) {
  const { id: policyId } = await api<{ id: number }>('POST', `/api/v1/alarms/dashboards/${dashboardId}/escalation-policies`, { name: 'Piket', ...policy });
  await api('POST', `/api/v1/alarms/dashboards/${dashboardId}/notification-rules`, {
    name: 'Escalatie HOOG',
    priorities: ['HIGH'],
    events: ['created'],
    channel: { type: 'ESCALATION', policyId },
  });
  return policyId;
}
