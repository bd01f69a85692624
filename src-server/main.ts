/** The product's entry point: `node dist/server/main.js`. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config';
import { ConfigError } from './platform/errors';
import { DatabaseOpenError } from './platform/db/database';
import { startServer } from './server';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client');

try {
  const config = loadConfig();
  const server = await startServer(config, { clientDir });
  console.log(`Energiebeheer is running at ${server.url}/app/ (data in ${config.dataDir})`);
  const stop = async () => {
    await server.stop();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof DatabaseOpenError ? error.message : error);
  process.exit(1);
}
