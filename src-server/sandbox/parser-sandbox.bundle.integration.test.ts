/**
 * The sandbox as production runs it: bundled like scripts/build-server.mjs does (the worker as a
 * second entry beside the main one, packages external) and started by plain node, without tsx.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
// Inside node_modules, so the bundle finds quickjs-emscripten and valibot as dist/server/ does.
mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true });
const dir = mkdtempSync(path.join(root, 'node_modules/.cache/parser-sandbox-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = `
import { createParserSandbox } from ${JSON.stringify(path.join(root, 'src-server/sandbox/parser-sandbox.ts'))};
const sandbox = createParserSandbox({ workers: 1 });
const email = { subject: 'Alarm: Storing op WP-7', from: 'Monitor <m@example.nl>', to: [], date: null, text: 'Status: kritiek', html: null, headers: {} };
const outcomes = await sandbox.runChain([
  { id: 1, type: 'DEFAULT', config: { match: { subject: '(a+)+$' }, line: 'x' } },
  { id: 2, type: 'CUSTOM', code: 'function parse(e) { return { reject: typeof process + " " + e.subject }; }' },
  { id: 3, type: 'DEFAULT', config: { match: { subject: 'op (?<installatie>\\\\S+)' }, line: '{{installatie}} gebundeld' } },
], { ...email, subject: 'a'.repeat(30) + 'b op WP-7' });
const check = await sandbox.checkCustomCode('function parse( {');
await sandbox.close();
console.log(JSON.stringify({ outcomes, check }));
`;

it('runs DEFAULT and CUSTOM parsers, and the watchdog, from the bundle with plain node', async () => {
  writeFileSync(path.join(dir, 'main.ts'), entry);
  await build({
    entryPoints: { main: path.join(dir, 'main.ts'), 'parser-worker': path.join(root, 'src-server/sandbox/parser-worker.ts') },
    outdir: dir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'warning',
  });
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(dir, 'main.js')], { cwd: dir, timeout: 20_000 });
  const { outcomes, check } = JSON.parse(stdout);
  expect(outcomes.map((o: { type: string }) => o.type)).toEqual(['FAILED', 'REJECTED', 'MATCHED']);
  expect(outcomes[0]).toMatchObject({ exceptionType: 'TimeLimitExceeded' });
  expect(outcomes[1]).toEqual({ type: 'REJECTED', reason: `undefined ${'a'.repeat(30)}b op WP-7` });
  expect(outcomes[2]).toMatchObject({ line: 'WP-7 gebundeld' });
  expect(check).toMatch(/^De code is geen geldig JavaScript/);
});
