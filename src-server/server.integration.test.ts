/** Start-up: a missing HUB key is said once, in one line, when the product starts. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { loadConfig } from './config';
import { startServer } from './server';

async function startupLines(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'energie-start-'));
  const lines: string[] = [];
  const server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ...env }), { log: (line) => lines.push(line) });
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return lines;
}

test('without METERBEHEER_API_KEY the start-up prints one warning line naming it; with it, none', async () => {
  const without = (await startupLines({})).filter((l) => l.includes('METERBEHEER_API_KEY'));
  expect(without).toHaveLength(1);
  expect(without[0]).toMatch(/^Warning: METERBEHEER_API_KEY is not set/);
  expect(without[0]).not.toContain('\n');
  expect((await startupLines({ METERBEHEER_API_KEY: 'key' })).filter((l) => l.includes('METERBEHEER_API_KEY'))).toEqual([]);
});
