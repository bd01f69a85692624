import { availableParallelism } from 'node:os';
import { afterEach, expect, test, vi } from 'vitest';
import { createEscalationWorld } from '../../testing/escalation-world';
import { startPushService } from '../../testing/push-service';
import { warmPushSendersIfSubscribed } from './contact-methods.service';
import { pushSenders } from './push-sender';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0).reverse()) await o.close();
});

// Its own file: the push sender's threads belong to the process, and this test starts from none.
test('a server without push subscriptions loads no push sender threads; the first subscription loads them, as does a start with one stored', async () => {
  const push = await startPushService();
  opened.push(push);
  const w = await createEscalationWorld({ allowPrivateTargets: true, webPush: { ca: push.ca } });
  opened.push(w);
  await warmPushSendersIfSubscribed(w.h);
  expect(pushSenders().threads).toHaveLength(0);

  const { publicKey } = await w.callers.installerA.contactMethod.webPushKey();
  const res = await w.h.request('/api/v1/users/me/contact-methods', {
    method: 'POST',
    token: w.tokens.installerA,
    json: { type: 'WEB_PUSH', subscription: push.subscribe(publicKey).subscription },
  });
  expect(res.status).toBe(201);
  const threads = pushSenders().threads;
  expect(threads).toHaveLength(Math.min(2, availableParallelism()));

  // A process started with the subscription stored (fresh modules: no threads yet) loads them at start.
  vi.resetModules();
  const fresh = { ...(await import('./contact-methods.service')), ...(await import('./push-sender')) };
  expect(fresh.pushSenders().threads).toHaveLength(0);
  await fresh.warmPushSendersIfSubscribed(w.h);
  expect(fresh.pushSenders().threads).toHaveLength(threads.length);
  expect(fresh.pushSenders().threads.some((t) => threads.includes(t))).toBe(false);
});
