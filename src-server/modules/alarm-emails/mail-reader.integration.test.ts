/**
 * The mail reader's workers: loaded ahead (as a fetch starts them) and warming up on made-up mail
 * while idle, they answer with exactly what this thread reads, each batch's messages in their order,
 * however many workers share the batches.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { realWorldEmails } from '../../testing/fixtures';
import { readContent } from './mail-read';
import { mailReaderDeaths, readGzipped, warmMailReaders } from './mail-reader';

test('workers started ahead and warming up read every real-world e-mail as this thread does, in order, none of their made-up mail in the answers', async () => {
  const raws = realWorldEmails().map((file) => readFileSync(file));
  expect(raws.length).toBeGreaterThan(20);
  const deaths = mailReaderDeaths();
  warmMailReaders();
  // Batches of 10 all at once, as a backlog gives them: they take turns over the workers.
  const batches = [];
  for (let i = 0; i < raws.length; i += 10) batches.push(raws.slice(i, i + 10).map((raw) => gzipSync(raw)));
  const inWorkers = (await Promise.all(batches.map((batch) => readGzipped(batch)))).flat();
  const here = [];
  for (const raw of raws) here.push(await readContent(raw));
  expect(inWorkers).toEqual(here);
  expect(mailReaderDeaths()).toBe(deaths);
  // Every real-world message here about twice: seconds on a busy machine.
}, 60_000);
