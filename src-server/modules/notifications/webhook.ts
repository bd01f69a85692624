/**
 * Sends one webhook: POST of the raw JSON body, signed with HMAC-SHA256 of exactly those bytes;
 * the exchange's limits and the private-address rules are `postSafely`'s, any 2xx delivers.
 */
import { createHmac } from 'node:crypto';
import type { Attempt } from './attempt';
import { attemptOf, postSafely } from './safe-post';

export interface WebhookRequest {
  url: string;
  secret: string;
  event: string;
  deliveryId: string;
  body: string;
  allowPrivateTargets: boolean;
}

const signature = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export async function sendWebhook(request: WebhookRequest): Promise<Attempt> {
  const answer = await postSafely({
    url: request.url,
    body: request.body,
    allowPrivateTargets: request.allowPrivateTargets,
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': 'Energiebeheer-Webhook/1',
      'X-Energiebeheer-Event': request.event,
      'X-Energiebeheer-Delivery': request.deliveryId,
      'X-Energiebeheer-Signature': signature(request.secret, request.body),
    },
  });
  return attemptOf(answer, request.url);
}
