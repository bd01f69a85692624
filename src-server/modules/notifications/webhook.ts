/**
 * Sends one webhook: POST of the raw JSON body, signed with HMAC-SHA256 of exactly
 * those bytes, 10 s for the whole exchange, redirects not followed (a 3xx is a failure), any 2xx
 * delivers. Through node:http(s) rather than fetch because its `lookup` hook lets the private-target
 * check see the address actually connected to.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { Attempt } from './attempt';
import { isInternalAddress } from '../../platform/internal-address';
import { PRIVATE_TARGET, publicOnlyLookup } from './safe-target';

const WEBHOOK_TIMEOUT_MS = 10_000;

export interface WebhookRequest {
  url: string;
  secret: string;
  event: string;
  deliveryId: string;
  body: string;
  allowPrivateTargets: boolean;
}

const signature = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** 408, 429 and 5xx are worth another try; other answers are final. */
const retryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;

function retryAfterSeconds(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

export function sendWebhook(request: WebhookRequest): Promise<Attempt> {
  const url = new URL(request.url);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!request.allowPrivateTargets && isIP(literal) && isInternalAddress(literal)) {
    return Promise.resolve({ ok: false, retry: false, error: PRIVATE_TARGET });
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Attempt>((resolve) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: request.allowPrivateTargets ? undefined : publicOnlyLookup,
        timeout: WEBHOOK_TIMEOUT_MS,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(request.body),
          'User-Agent': 'Energiebeheer-Webhook/1',
          'X-Energiebeheer-Event': request.event,
          'X-Energiebeheer-Delivery': request.deliveryId,
          'X-Energiebeheer-Signature': signature(request.secret, request.body),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        // The answer's body is not needed; reading it lets the socket go back to the pool.
        res.resume();
        res.on('end', () => {
          clearTimeout(deadline);
          if (status >= 200 && status < 300) resolve({ ok: true, target: request.url });
          else if (status >= 300 && status < 400) resolve({ ok: false, retry: false, error: `Doorverwijzing (HTTP ${status}) wordt niet gevolgd.` });
          else
            resolve({ ok: false, retry: retryableStatus(status), error: `HTTP ${status}`, retryAfterSeconds: retryAfterSeconds(res.headers['retry-after']) });
        });
      },
    );
    // `timeout` only covers idle sockets; the deadline covers a receiver that trickles.
    const deadline = setTimeout(() => req.destroy(new Error('timeout')), WEBHOOK_TIMEOUT_MS);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      if (error.code === 'EPRIVATETARGET') resolve({ ok: false, retry: false, error: PRIVATE_TARGET });
      else if (error.message === 'timeout') resolve({ ok: false, retry: true, error: 'Geen antwoord binnen 10 seconden.' });
      else resolve({ ok: false, retry: true, error: `Verbinding mislukt: ${error.code ?? error.message}` });
    });
    req.end(request.body);
  });
}
