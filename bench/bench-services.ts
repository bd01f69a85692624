/** The product's services on a fresh database in a temporary folder, for benches that call modules directly. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashPassword } from '../src-server/modules/users/passwords';
import { insertUser } from '../src-server/modules/users/users.queries';
import { createCaller } from '../src-server/root-router';
import { createServices, type Services, type ServiceOptions } from '../src-server/services';
import { createContext } from '../src-server/api/trpc/context';

export async function startBenchServices(name: string, options: Partial<ServiceOptions> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), `energie-${name}-`));
  const services = await createServices({
    databaseFile: path.join(dir, 'app.db'),
    secretKey: 'bench-secret-key-'.repeat(3),
    hub: { baseUrl: 'http://127.0.0.1:9/api/v1', historyDays: 1, syncIntervalSeconds: 3600 },
    backup: { dir: path.join(dir, 'backups'), schedule: 'off', keep: { d: 7 } },
    ...options,
  });
  return {
    services,
    async stop() {
      await services.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A bench admin inserted into the services' database, signed in: a tRPC caller acting as them. */
export async function benchAdminCaller(services: Services) {
  await insertUser(services.db, {
    type: 'admin',
    email: 'bench@example.nl',
    fullName: 'Bench',
    passwordHash: await hashPassword('bench-wachtwoord'),
    organizationId: null,
    createdAt: 0,
  });
  const { accessToken } = await services.auth.login({ email: 'bench@example.nl', password: 'bench-wachtwoord' }, '127.0.0.1');
  return createCaller(await createContext(services, `Bearer ${accessToken}`, '127.0.0.1'));
}
