/**
 * Delivers one encrypted Web Push message to the subscription's endpoint (and nowhere else):
 * `web-push` encrypts the payload (RFC 8291, aes128gcm) and signs the VAPID JWT; the request itself
 * goes through node:https with the webhooks' private-address rules, a 10 s deadline and the push
 * service's answer read as RFC 8030 means it: 201/202 delivered, 404/410 the subscription is gone,
 * 408/429/5xx and timeouts worth another try (Retry-After honoured), any other answer final.
 */
import https from 'node:https';
import { isIP } from 'node:net';
import tls from 'node:tls';
import webPush from 'web-push';
import { isInternalAddress } from '../../platform/internal-address';
import { PRIVATE_TARGET, publicOnlyLookup } from '../notifications/safe-target';
import type { ContactAttempt, VapidKeys, WebPushSettings } from './contact-adapter';

const PUSH_TIMEOUT_MS = 10_000;

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

const retryAfterSeconds = (value: string | undefined) => {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
};

export function sendPush(settings: WebPushSettings, allowPrivateTargets: boolean, sub: PushSubscriptionKeys, message: PushMessage): Promise<ContactAttempt> {
  const url = new URL(sub.endpoint);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol !== 'https:') return Promise.resolve({ ok: false, retry: false, error: 'Het adres van het abonnement moet met https:// beginnen.' });
  if (!allowPrivateTargets && isIP(literal) && isInternalAddress(literal)) return Promise.resolve({ ok: false, retry: false, error: PRIVATE_TARGET });
  const details = webPush.generateRequestDetails(sub, message.payload, {
    headers: { Authorization: vapidAuthorization(settings, url.origin) },
    TTL: message.ttlSeconds,
    urgency: message.urgency,
    topic: message.topic,
    contentEncoding: 'aes128gcm',
  });
  const body = details.body as unknown as Buffer;
  return new Promise<ContactAttempt>((resolve) => {
    const req = https.request(
      url,
      {
        method: 'POST',
        headers: { ...details.headers, 'User-Agent': 'Energiebeheer-Push/1' },
        lookup: allowPrivateTargets ? undefined : publicOnlyLookup,
        timeout: PUSH_TIMEOUT_MS,
        agent: agentOf(settings),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < 300) text += chunk;
        });
        res.on('end', () => {
          clearTimeout(deadline);
          const said = text.trim() ? `: ${text.trim().slice(0, 120)}` : '';
          if (status >= 200 && status < 300) resolve({ ok: true, target: url.host });
          else if (status === 404 || status === 410)
            resolve({ ok: false, retry: false, gone: true, error: `De pushdienst kent dit apparaat niet meer (HTTP ${status}).` });
          else if (status === 408 || status === 429 || status >= 500)
            resolve({
              ok: false,
              retry: true,
              error: `De pushdienst antwoordde HTTP ${status}${said}`,
              retryAfterSeconds: retryAfterSeconds(res.headers['retry-after']),
            });
          else resolve({ ok: false, retry: false, error: `De pushdienst weigerde de melding (HTTP ${status}${said}).` });
        });
      },
    );
    // `timeout` only covers idle sockets; the deadline covers a receiver that trickles.
    const deadline = setTimeout(() => req.destroy(new Error('timeout')), PUSH_TIMEOUT_MS);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      if (error.code === 'EPRIVATETARGET') resolve({ ok: false, retry: false, error: PRIVATE_TARGET });
      else if (error.message === 'timeout') resolve({ ok: false, retry: true, error: 'De pushdienst gaf geen antwoord binnen 10 seconden.' });
      else resolve({ ok: false, retry: true, error: `Verbinding met de pushdienst mislukt: ${error.code ?? error.message}` });
    });
    req.end(body);
  });
}
