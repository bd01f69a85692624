/**
 * One Web Push message encrypted as `web-push` does it (RFC 8291, aes128gcm: a fresh ECDH key pair
 * and salt per message, HKDF, AES-128-GCM) with its headers (TTL, Urgency, Topic, the VAPID
 * Authorization the caller signed). Runs in the push encryptor's worker thread (push-encryptor.ts),
 * or on the calling thread while no worker can.
 */
import webPush from 'web-push';

export interface PushEncryption {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  payload: string;
  /** The VAPID `Authorization` header (signed and cached by the caller). */
  authorization: string;
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  topic: string;
}

export interface EncryptedPush {
  headers: Record<string, string>;
  body: Buffer;
}

export function encryptPush(e: PushEncryption): EncryptedPush {
  const details = webPush.generateRequestDetails(e.subscription, e.payload, {
    headers: { Authorization: e.authorization },
    TTL: e.ttlSeconds,
    urgency: e.urgency,
    topic: e.topic,
    contentEncoding: 'aes128gcm',
  });
  return { headers: details.headers as Record<string, string>, body: details.body as unknown as Buffer };
}
