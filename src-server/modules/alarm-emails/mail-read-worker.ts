/**
 * The mail reader's worker thread (mail-reader.ts): reads each batch of raw messages it is sent
 * (readRaw) and answers in the same order. A failure to read is an answer (a FAILED attempt), sent
 * as name, message and stack.
 */
import { parentPort } from 'node:worker_threads';
import { readRaw } from './mail-read';
import type { FromReader, ToReader } from './mail-reader';

const port = parentPort!;
port.on('message', async ({ id, raws }: ToReader) => {
  const reads: FromReader['reads'] = [];
  for (const raw of raws) {
    const { failure, ...rest } = await readRaw(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength));
    reads.push({ ...rest, failure: failure && { name: failure.name, message: failure.message, stack: failure.stack } });
  }
  port.postMessage({ id, reads } satisfies FromReader);
});
