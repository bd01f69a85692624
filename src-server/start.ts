/**
 * What `main.ts` runs once its signal handlers are in place: the configuration, the server, and the
 * one line that says where it runs. A configuration or database the product cannot use stops it
 * with one line for the operator and exit code 1, never a stack trace.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config';
import { ConfigError } from './platform/errors';
import { DatabaseOpenError } from './platform/db/database';
import { startServer } from './server';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client');

/** Starts the product; answers its stop. */
export async function startProduct(): Promise<() => Promise<void>> {
  try {
    const config = loadConfig();
    const server = await startServer(config, { clientDir });
    const where = server.services.engine === 'postgres' ? 'data in PostgreSQL' : `data in ${config.dataDir}`;
    console.log(`Energiebeheer is running at ${server.url}/app/ (${where})`);
    return () => server.stop();
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof DatabaseOpenError ? error.message : error);
    process.exit(1);
  }
}
