/**
 * Delivers one encrypted Web Push message to the subscription's endpoint (and nowhere else):
 * `web-push` signs the VAPID JWT here; the push sender's worker thread (push-sender.ts) encrypts
 * the payload (RFC 8291, aes128gcm) and posts it with the notifications' safe POST (private-address
 * rules, a 10 s deadline) over a kept-open connection; the push service's answer is read here as
 * RFC 8030 means it: 201/202 delivered, 404/410 the subscription is gone, 408/429/5xx and timeouts
 * worth another try (Retry-After honoured), any other answer final.
 */
import webPush from 'web-push';
import type { ContactAttempt, VapidKeys, WebPushSettings } from './contact-adapter';
import { deliverOffThread } from './push-sender';

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
  const { answer } = await deliverOffThread({
    subscription: sub,
    payload: message.payload,
    authorization: vapidAuthorization(settings, url.origin),
    ttlSeconds: message.ttlSeconds,
    urgency: message.urgency,
    topic: message.topic,
    allowPrivateTargets,
    ca: settings.ca,
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
