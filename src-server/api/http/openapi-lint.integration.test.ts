/**
 * /api/openapi.json as real tools read it: Redocly's recommended ruleset and
 * Spectral's `spectral:oas` find no errors, and openapi-typescript's types compile. Everything
 * runs from node_modules, offline: local rulesets only, Redocly's telemetry and update check off.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, onTestFinished } from 'vitest';
import { createHarness } from '../../testing/harness';

const run = promisify(execFile);
const bin = (name: string) => path.resolve('node_modules/.bin', name);
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

/** Runs a CLI; a failing exit becomes its output, so the assertion shows what the tool found. */
async function tool(dir: string, file: string, args: string[]) {
  try {
    await run(bin(file), args, { cwd: dir, env, timeout: 60_000 });
    return '';
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    return `${file} ${args.join(' ')}\n${stdout ?? ''}${stderr ?? ''}`;
  }
}

test('Redocly and Spectral find no errors in the document, and openapi-typescript types compile', { timeout: 90_000 }, async () => {
  const h = await createHarness();
  const dir = await mkdtemp(path.join(tmpdir(), 'energie-openapi-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  await writeFile(path.join(dir, 'openapi.json'), await (await h.request('/api/openapi.json')).text());
  await writeFile(path.join(dir, 'redocly.yaml'), 'extends:\n  - recommended\n');
  await writeFile(path.join(dir, '.spectral.yaml'), 'extends: ["spectral:oas"]\n');
  await writeFile(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true, skipLibCheck: false }, files: ['api.d.ts'] }),
  );
  const lint = await Promise.all([
    tool(dir, 'redocly', ['lint', '--config', 'redocly.yaml', 'openapi.json']),
    tool(dir, 'spectral', ['lint', '--ruleset', '.spectral.yaml', '--fail-severity', 'error', 'openapi.json']),
  ]);
  expect(lint).toEqual(['', '']);
  expect(await tool(dir, 'openapi-typescript', ['openapi.json', '--output', 'api.d.ts'])).toBe('');
  expect(await tool(dir, 'tsc', ['--project', 'tsconfig.json'])).toBe('');
});
