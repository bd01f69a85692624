/**
 * The mail reader as production runs it: bundled like scripts/build-server.mjs does (its worker as
 * an entry beside the main one, packages external) and started by plain node, without tsx. A
 * worker that cannot start would still read every message (on the main thread), so the test also
 * checks that the worker never died.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
// Inside node_modules, so the bundle finds mailparser as dist/server/ does.
mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true });
const dir = mkdtempSync(path.join(root, 'node_modules/.cache/mail-reader-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = `
import { gunzipSync } from 'node:zlib';
import { mailReaderDeaths, readRaws } from ${JSON.stringify(path.join(root, 'src-server/modules/alarm-emails/mail-reader.ts'))};
const raws = [
  Buffer.from('From: monitor@example.nl\\r\\nSubject: Storing WP-7\\r\\nMessage-ID: <a@example.nl>\\r\\n\\r\\nZone 4 te koud\\r\\n'),
  Buffer.from('Subject: Zonder id\\r\\nContent-Type: text/html\\r\\n\\r\\n<table><tr><td>Status</td><td>kritiek</td></tr></table>\\r\\n'),
];
const reads = await readRaws(raws);
console.log(JSON.stringify({
  deaths: mailReaderDeaths(),
  reads: reads.map((r) => ({ subject: r.read.subject, text: r.read.text, key: r.dedupeKey, raw: gunzipSync(r.rawGzip).toString() })),
}));
`;

it('reads mail in its worker thread from the bundle with plain node', async () => {
  writeFileSync(path.join(dir, 'main.ts'), entry);
  await build({
    entryPoints: { main: path.join(dir, 'main.ts'), 'mail-read-worker': path.join(root, 'src-server/modules/alarm-emails/mail-read-worker.ts') },
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
  const { deaths, reads } = JSON.parse(stdout);
  expect(deaths).toBe(0);
  expect(reads[0]).toEqual({ subject: 'Storing WP-7', text: 'Zone 4 te koud\n', key: 'mid:a@example.nl', raw: expect.stringContaining('Zone 4 te koud') });
  expect(reads[1]).toMatchObject({ subject: 'Zonder id', text: 'Status\tkritiek', key: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
});
