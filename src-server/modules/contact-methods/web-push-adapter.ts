/**
 * Web Push as a contact method: the browser's subscription is stored sealed (its endpoint is a
 * capability and its keys decrypt the messages), listed by its push service's host, and reached
 * with one encrypted message per notification. The payload is what the service worker shows:
 * `{title, body, url, actionUrl, tag, alarmId}`, built from the same notice as every other channel.
 */
import { createECDH, createHash } from 'node:crypto';
import type { WebPushSubscription } from '@/domain/contact-method';
import type { Priority } from '@/domain/alarm-dashboard';
import { invalidField } from '../../platform/errors';
import { alarmNotice, noticeLines } from '../notifications/alarm-message';
import type { ContactAdapter } from './contact-adapter';
import { sendPush } from './push-request';
import { warmPushSenders } from './push-sender';

/** A push that could not be delivered within a day is no longer news. */
const TTL_SECONDS = 24 * 3600;
const URGENCY: Record<Priority, 'high' | 'normal' | 'low'> = { HIGH: 'high', MEDIUM: 'normal', LOW: 'low' };

/** The P-256 point must lie on the curve, or no message could ever be encrypted to it. */
function checkCurvePoint(p256dh: string) {
  try {
    const probe = createECDH('prime256v1');
    probe.generateKeys();
    probe.computeSecret(Buffer.from(p256dh, 'base64url'));
  } catch {
    throw invalidField('subscription.keys.p256dh', 'De sleutel p256dh is geen geldig punt op de P-256-curve.');
  }
}

/** 'Pushmeldingen (fcm.googleapis.com, apparaat 3f9a1c)': the device part tells two phones on one push service apart. */
const describe = (s: WebPushSubscription) =>
  `Pushmeldingen (${new URL(s.endpoint).host}, apparaat ${createHash('sha256').update(s.endpoint).digest('hex').slice(0, 6)})`;

export const webPushAdapter: ContactAdapter<'WEB_PUSH'> = {
  type: 'WEB_PUSH',
  store(deps, input) {
    checkCurvePoint(input.subscription.keys.p256dh);
    const { endpoint, keys } = input.subscription;
    // A phone is about to be reachable by push: its sender threads load now, not beside its first alarm.
    void warmPushSenders();
    return deps.secrets.seal({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });
  },
  describe: (deps, target) => describe(deps.secrets.open<WebPushSubscription>(target)),
  async send(deps, target, { alarm, actionUrl, test }) {
    const subscription = deps.secrets.open<WebPushSubscription>(target);
    const notice = alarmNotice('created', alarm, deps.publicUrl, actionUrl);
    const tag = test ? 'test' : `alarm-${alarm.id}`;
    const payload = JSON.stringify({
      title: notice.title,
      body: noticeLines(notice).join('\n'),
      url: notice.url,
      actionUrl: notice.actionUrl,
      tag,
      alarmId: alarm.id,
    });
    const attempt = await sendPush(deps.webPush, deps.allowPrivateTargets, subscription, {
      payload,
      urgency: URGENCY[alarm.priority],
      topic: tag,
      ttlSeconds: TTL_SECONDS,
    });
    return attempt.ok ? { ok: true, target: describe(subscription) } : attempt;
  },
};
