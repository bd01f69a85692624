/**
 * The push encryptor's worker thread (push-encryptor.ts): encrypts each message it is sent
 * (encryptPush) and answers it at once with its headers and body, the body's memory handed over
 * rather than copied. A message that cannot be encrypted (keys that are no P-256 point) is answered
 * with the error's message. `ready` once loaded, after a first message was encrypted.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { encryptPush } from './push-encrypt';
import type { FromEncryptor, ToEncryptor } from './push-encryptor';

const port = parentPort!;

port.on('message', ({ id, encryption }: ToEncryptor) => {
  try {
    const { headers, body } = encryptPush(encryption);
    // A body of its own (a small Buffer may share node's pool with others), so its memory can be transferred.
    const own = new Uint8Array(body);
    port.postMessage({ id, headers, body: own } satisfies FromEncryptor, [own.buffer]);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies FromEncryptor);
  }
});

// A made-up subscription's message first: the code is loaded and compiled before real ones wait on it.
const probe = createECDH('prime256v1');
encryptPush({
  subscription: { endpoint: 'https://push.invalid/warm-up', keys: { p256dh: probe.generateKeys('base64url'), auth: randomBytes(16).toString('base64url') } },
  payload: '{}',
  authorization: 'vapid t=warm-up, k=warm-up',
  ttlSeconds: 60,
  urgency: 'normal',
  topic: 'warm-up',
});
port.postMessage({ ready: true } satisfies FromEncryptor);
