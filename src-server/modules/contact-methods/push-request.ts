/**
 * Delivers one encrypted Web Push message to the subscription's endpoint (and nowhere else):
 * `web-push` signs the VAPID JWT here and encrypts the payload (RFC 8291, aes128gcm) in the push
 * encryptor's worker thread (push-encryptor.ts); the request itself
 * is the notifications' safe POST (private-address rules, a 10 s deadline), over a keep-alive agent
 * per push service, and the push service's answer is read as RFC 8030 means it: 201/202 delivered, 404/410 the subscription is gone,
 * 408/429/5xx and timeouts worth another try (Retry-After honoured), any other answer final.
 */
import https from 'node:https';
import tls from 'node:tls';
import webPush from 'web-push';
import { postSafely } from '../notifications/safe-post';
import type { ContactAttempt, VapidKeys, WebPushSettings } from './contact-adapter';
import { encryptOffThread } from './push-encryptor';

/** A fresh key pair, for a harness or bench that brings none. */
export function newVapidKeys(publicUrl: string): VapidKeys {
  return { ...webPush.generateVAPIDKeys(), subject: `mailto:beheer@${new URL(publicUrl).hostname}` };
}

export interface PushSubscriptionKeys {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushMessage {
  payload: string;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Replaces an undelivered earlier message with the same topic (≤ 32 base64url characters). */
  topic: string;
  ttlSeconds: number;
}

/**
 * One keep-alive agent per settings: connections to a push service are reused, and a test's extra
 * certificate is joined to the root certificates once rather than on every request.
 */
const agents = new WeakMap<WebPushSettings, https.Agent>();
const agentOf = (settings: WebPushSettings) => {
  let agent = agents.get(settings);
  if (!agent) {
    // A secure context rather than `ca`: the agent names its pools by their options, and a `ca` of
    // every root certificate made that name, on every request, cost more than the push.
    const secureContext = settings.ca ? tls.createSecureContext({ ca: [...tls.rootCertificates, settings.ca] }) : undefined;
    agent = new https.Agent({ keepAlive: true, secureContext });
    agents.set(settings, agent);
  }
  return agent;
};

/**
 * The VAPID header per push service: an ES256 JWT may be reused until it expires (RFC 8292), and
 * signing one for every message cost more than encrypting it. Valid 12 h, renewed an hour early.
 */
const VAPID_VALID_SECONDS = 12 * 3600;
const vapidHeaders = new WeakMap<WebPushSettings, Map<string, { authorization: string; renewAt: number }>>();
function vapidAuthorization(settings: WebPushSettings, audience: string) {
  let perAudience = vapidHeaders.get(settings);
  if (!perAudience) vapidHeaders.set(settings, (perAudience = new Map()));
  const now = Math.floor(Date.now() / 1000);
  const cached = perAudience.get(audience);
  if (cached && now < cached.renewAt) return cached.authorization;
  const { vapid } = settings;
  const headers = webPush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', now + VAPID_VALID_SECONDS);
  perAudience.set(audience, { authorization: headers.Authorization, renewAt: now + VAPID_VALID_SECONDS - 3600 });
  return headers.Authorization;
}

export async function sendPush(
  settings: WebPushSettings,
  allowPrivateTargets: boolean,
  sub: PushSubscriptionKeys,
  message: PushMessage,
): Promise<ContactAttempt> {
  const url = new URL(sub.endpoint);
  if (url.protocol !== 'https:') return { ok: false, retry: false, error: 'Het adres van het abonnement moet met https:// beginnen.' };
  const encrypted = await encryptOffThread({
    subscription: sub,
    payload: message.payload,
    authorization: vapidAuthorization(settings, url.origin),
    ttlSeconds: message.ttlSeconds,
    urgency: message.urgency,
    topic: message.topic,
  });
  const answer = await postSafely({
    url: sub.endpoint,
    headers: { ...encrypted.headers, 'User-Agent': 'Energiebeheer-Push/1' },
    body: encrypted.body,
    allowPrivateTargets,
    agent: agentOf(settings),
  });
  if (!answer.answered) return { ok: false, retry: answer.retry, error: answer.error };
  const { status } = answer;
  const said = answer.body.trim() ? `: ${answer.body.trim().slice(0, 120)}` : '';
  if (status >= 200 && status < 300) return { ok: true, target: url.host };
  if (status === 404 || status === 410) return { ok: false, retry: false, gone: true, error: `De pushdienst kent dit apparaat niet meer (HTTP ${status}).` };
  if (status === 408 || status === 429 || status >= 500)
    return { ok: false, retry: true, error: `De pushdienst antwoordde HTTP ${status}${said}`, retryAfterSeconds: answer.retryAfterSeconds };
  return { ok: false, retry: false, error: `De pushdienst weigerde de melding (HTTP ${status}${said}).` };
}
