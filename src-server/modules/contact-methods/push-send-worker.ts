/**
 * The push sender's worker thread (push-sender.ts): encrypts and posts each Web Push message it is
 * sent (deliverPush) and answers with the push service's answer, as many in flight as it is given.
 * A message that cannot be encrypted (keys that are no P-256 point) is answered with the error's
 * message. `ready` once loaded, after a first message was encrypted.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { deliverPush, encryptPush } from './push-deliver';
import type { FromSender, ToSender } from './push-sender';

const port = parentPort!;

port.on('message', ({ id, delivery }: ToSender) => {
  deliverPush(delivery).then(
    ({ answer, leftAt }) => port.postMessage({ id, answer, leftAt } satisfies FromSender),
    (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies FromSender),
  );
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
port.postMessage({ ready: true } satisfies FromSender);
