/** The product's services on a fresh database in a temporary folder, for benches that call modules directly. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServices, type ServiceOptions } from '../src-server/services';

export async function startBenchServices(name: string, options: Partial<ServiceOptions> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), `energie-${name}-`));
  const services = await createServices({
    databaseFile: path.join(dir, 'app.db'),
    secretKey: 'bench-secret-key-'.repeat(3),
    hub: { baseUrl: 'http://127.0.0.1:9/api/v1', historyDays: 1, syncIntervalSeconds: 3600 },
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
