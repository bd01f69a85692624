/**
 * The mail reader's worker thread (mail-reader.ts): reads each batch of gzipped raw messages it is
 * sent (readStored) and answers each message as it is read, in order. A failure to read is an
 * answer (a FAILED attempt), sent as name, message and stack.
 */
import { parentPort } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { readStored } from './mail-read';
import type { FromReader, ToReader } from './mail-reader';

const port = parentPort!;

async function readBatch({ id, gzipped }: ToReader) {
  for (const raw of gzipped) {
    const { read, failure } = await readStored(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength));
    port.postMessage({ id, read, failure: failure && { name: failure.name, message: failure.message, stack: failure.stack } } satisfies FromReader);
  }
}

// Ready once warm (a first message takes longer: code loaded and compiled), since a batch's time
// limit starts at ready; then the batches one after the other, as the time limit expects.
let queue = readStored(gzipSync(Buffer.from('Subject: warm\r\nContent-Type: text/plain\r\n\r\nwarm\r\n'))).then(() =>
  port.postMessage({ ready: true } satisfies FromReader),
);
port.on('message', (batch: ToReader) => {
  queue = queue.then(() => readBatch(batch));
});
