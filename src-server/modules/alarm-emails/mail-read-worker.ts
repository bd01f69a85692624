/**
 * The mail reader's worker thread (mail-reader.ts): reads each batch of messages it is sent, as
 * fetched (readFetched: read, and gzipped for the store) or gzipped as stored (readStored), and
 * answers each message as it is read, in order. A failure to read is an answer (a FAILED attempt),
 * sent as name, message and stack.
 *
 * While it has nothing to do it warms up: a fresh thread reads its first thousand messages at a
 * fifth of the speed of a warm one (mailparser's code is compiled and optimized as it runs), so a
 * backlog that arrives after a start would be read at the cold speed. Between batches, never ahead of
 * one, it reads a few made-up messages at a time, about two thousand in all, once per thread.
 */
import { parentPort } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { readFetched, readStored } from './mail-read';
import type { FromReader, ToReader } from './mail-reader';

const port = parentPort!;

/** The kinds of mail devices send: plain text, HTML only, both side by side, a legacy charset with an encoded subject. */
const WARM_UP = [
  'From: GBS <gbs@example.nl>\r\nTo: alarm@example.nl\r\nSubject: Storing zone 4\r\nMessage-ID: <w1@example.nl>\r\nDate: Mon, 23 Nov 2026 10:00:00 +0100\r\n\r\n' +
    'Zone 4 temperatuur te laag. '.repeat(60),
  'From: "Omvormer" <inverter@example.nl>\r\nTo: alarm@example.nl\r\nSubject: Alarm\r\nMIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n' +
    '<html><body><table><tr><td>Apparaat</td><td>Omvormer 2</td></tr><tr><td>Status</td><td>Fout</td></tr></table></body></html>',
  'From: Monitor <m@example.nl>\r\nTo: alarm@example.nl\r\nSubject: =?UTF-8?B?UG9tcCAz4oCvc3RvcmluZw==?=\r\nMIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary="b"\r\n\r\n' +
    '--b\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nPomp 3 =E2=80=93 druk te hoog\r\n' +
    '--b\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\nPHA+UG9tcCAzIOKAkyBkcnVrIHRlIGhvb2c8L3A+\r\n--b--\r\n',
  'From: =?ISO-8859-1?Q?Kn=FCrr?= <k@example.nl>\r\nTo: alarm@example.nl, b@example.nl\r\nSubject: =?ISO-8859-1?Q?Temperatuur_te_hoog_=E9?=\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nCaf=E9 koelcel\r\n',
].map((text) => gzipSync(Buffer.from(text, 'latin1')));
const WARM_UP_ROUNDS = 500;

async function readBatch({ id, bytes, lengths, fetched }: ToReader) {
  let at = 0;
  for (const length of lengths) {
    const message = Buffer.from(bytes, at, length);
    at += length;
    const { read, failure, gzipped } = fetched ? await readFetched(message) : { ...(await readStored(message)), gzipped: undefined };
    // zlib's answer views a 16 KB buffer: a copy of its own is handed over, not the 16 KB copied.
    const own = gzipped && new Uint8Array(gzipped);
    port.postMessage(
      {
        id,
        read,
        failure: failure && { name: failure.name, message: failure.message, stack: failure.stack },
        ...(own ? { gzipped: own } : {}),
      } satisfies FromReader,
      own ? [own.buffer] : [],
    );
  }
}

let batches = 0;
let warmUpLeft = WARM_UP_ROUNDS;
/** One round of made-up mail while no batch waits, then the next round a turn of the event loop later. */
function warmUp() {
  if (warmUpLeft <= 0 || batches > 0) return;
  warmUpLeft--;
  queue = queue.then(async () => {
    if (batches === 0) for (const raw of WARM_UP) await readStored(raw);
    setImmediate(warmUp);
  });
}

// Ready once a first message was read (code loaded and compiled), since a batch's time limit starts
// at ready; then the batches one after the other, as the time limit expects.
let queue = readStored(WARM_UP[0]!).then(() => {
  port.postMessage({ ready: true } satisfies FromReader);
  setImmediate(warmUp);
});
port.on('message', (batch: ToReader) => {
  batches++;
  queue = queue
    .then(() => readBatch(batch))
    .finally(() => {
      if (--batches === 0) setImmediate(warmUp);
    });
});
