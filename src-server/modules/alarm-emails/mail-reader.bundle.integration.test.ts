/**
 * The mail reader as production runs it: bundled like scripts/build-server.mjs does (its worker as
 * an entry beside the main one, packages external) and started by plain node, without tsx. A
 * worker that cannot start would still read every message (on the main thread), so the test also
 * checks that the worker never died.
 */
import { expect, it } from 'vitest';
import { runBundled, sourcePath } from '../../testing/bundled';

const entry = `
import { gzipSync } from 'node:zlib';
import { mailReaderDeaths, readGzipped } from ${sourcePath('src-server/modules/alarm-emails/mail-reader.ts')};
const raws = [
  'From: monitor@example.nl\\r\\nSubject: Storing WP-7\\r\\nMessage-ID: <a@example.nl>\\r\\n\\r\\nZone 4 te koud\\r\\n',
  'Subject: Zonder id\\r\\nContent-Type: text/html\\r\\n\\r\\n<table><tr><td>Status</td><td>kritiek</td></tr></table>\\r\\n',
];
const reads = await readGzipped(raws.map((raw) => gzipSync(Buffer.from(raw))));
console.log(JSON.stringify({ deaths: mailReaderDeaths(), reads: reads.map((r) => ({ subject: r.read.subject, text: r.read.text, failure: r.failure })) }));
`;

it('reads mail in its worker thread from the bundle with plain node', async () => {
  const stdout = await runBundled(entry, { 'mail-read-worker': 'src-server/modules/alarm-emails/mail-read-worker.ts' });
  const { deaths, reads } = JSON.parse(stdout);
  expect(deaths).toBe(0);
  expect(reads).toEqual([
    { subject: 'Storing WP-7', text: 'Zone 4 te koud\n', failure: null },
    { subject: 'Zonder id', text: 'Status\tkritiek', failure: null },
  ]);
});
