/**
 * The mail reader's worker thread (mail-reader.ts): reads each batch of gzipped raw messages it is
 * sent (readStored) and answers in the same order. A failure to read is an answer (a FAILED
 * attempt), sent as name, message and stack.
 */
import { parentPort } from 'node:worker_threads';
import { readStored } from './mail-read';
import type { FromReader, ToReader } from './mail-reader';

const port = parentPort!;
port.on('message', async ({ id, gzipped }: ToReader) => {
  const reads: FromReader['reads'] = [];
  for (const raw of gzipped) {
    const { read, failure } = await readStored(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength));
    reads.push({ read, failure: failure && { name: failure.name, message: failure.message, stack: failure.stack } });
  }
  port.postMessage({ id, reads } satisfies FromReader);
});
