/**
 * One Web Push message from payload to the push service's answer: encrypted as `web-push` does it
 * (RFC 8291, aes128gcm: a fresh ECDH key pair and salt per message, HKDF, AES-128-GCM) with its
 * headers (TTL, Urgency, Topic, the VAPID Authorization the caller signed), then posted with the
 * notifications' safe POST (private-address rules, a 10 s deadline) over a keep-alive connection to
 * the push service. Runs in the push sender's worker thread (push-sender.ts), or on the calling
 * thread while no worker can; each thread keeps its own connections.
 */
import webPush from 'web-push';
import { type PostAnswer, postSafely } from '../notifications/safe-post';

export interface PushDelivery {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  payload: string;
  /** The VAPID `Authorization` header (signed and cached by the caller). */
  authorization: string;
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  topic: string;
  allowPrivateTargets: boolean;
  /** An extra trusted certificate for the endpoint (the tests' local push service). */
  ca?: string;
}

export interface PushDelivered {
  answer: PostAnswer;
  /** When the request got its connection (epoch ms): the moment it left, for the phone bench's trace. */
  leftAt: number | null;
}

export function encryptPush(d: Pick<PushDelivery, 'subscription' | 'payload' | 'authorization' | 'ttlSeconds' | 'urgency' | 'topic'>) {
  const details = webPush.generateRequestDetails(d.subscription, d.payload, {
    headers: { Authorization: d.authorization },
    TTL: d.ttlSeconds,
    urgency: d.urgency,
    topic: d.topic,
    contentEncoding: 'aes128gcm',
  });
  return { headers: details.headers as Record<string, string>, body: details.body as unknown as Buffer };
}

/** Encrypts and posts; throws only when the message cannot be encrypted (keys that are no P-256 point). */
export async function deliverPush(d: PushDelivery): Promise<PushDelivered> {
  const encrypted = encryptPush(d);
  let leftAt: number | null = null;
  const answer = await postSafely({
    url: d.subscription.endpoint,
    headers: { ...encrypted.headers, 'User-Agent': 'Energiebeheer-Push/1' },
    body: encrypted.body,
    allowPrivateTargets: d.allowPrivateTargets,
    keepAlive: { ca: d.ca },
    onSocket: () => (leftAt = Date.now()),
  });
  return { answer, leftAt };
}
