/**
 * The sandbox as production runs it: bundled like scripts/build-server.mjs does (the worker as a
 * second entry beside the main one, packages external) and started by plain node, without tsx.
 */
import { expect, it } from 'vitest';
import { runBundled, sourcePath } from '../../testing/bundled';

const entry = `
import { createParserSandbox } from ${sourcePath('src-server/platform/sandbox/parser-sandbox.ts')};
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
  const stdout = await runBundled(entry, { 'parser-worker': 'src-server/platform/sandbox/parser-worker.ts' });
  const { outcomes, check } = JSON.parse(stdout);
  expect(outcomes.map((o: { type: string }) => o.type)).toEqual(['FAILED', 'REJECTED', 'MATCHED']);
  expect(outcomes[0]).toMatchObject({ exceptionType: 'TimeLimitExceeded' });
  expect(outcomes[1]).toEqual({ type: 'REJECTED', reason: `undefined ${'a'.repeat(30)}b op WP-7` });
  expect(outcomes[2]).toMatchObject({ line: 'WP-7 gebundeld' });
  expect(check).toMatch(/^De code is geen geldig JavaScript/);
});
