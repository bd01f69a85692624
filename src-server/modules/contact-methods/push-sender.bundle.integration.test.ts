/**
 * The push sender as production runs it: bundled like scripts/build-server.mjs does (its worker
 * as an entry beside the main one, packages external) and started by plain node, without tsx. A
 * worker that cannot start would still send every push (from the main thread), so the test checks
 * that the worker did the sending; and the process ends by itself once the pushes are out: an
 * idle worker does not keep it alive.
 */
import { expect, it } from 'vitest';
import { runBundled, sourcePath } from '../../testing/bundled';

const entry = `
import { startPushService } from ${sourcePath('src-server/testing/push-service.ts')};
import { newVapidKeys, sendPush } from ${sourcePath('src-server/modules/contact-methods/push-request.ts')};
import { pushSenders, warmPushSenders } from ${sourcePath('src-server/modules/contact-methods/push-sender.ts')};
const service = await startPushService();
const settings = { vapid: newVapidKeys('https://energiebeheer.test'), ca: service.ca };
await warmPushSenders();
const subs = [1, 2, 3].map(() => service.subscribe(settings.vapid.publicKey).subscription);
const attempts = await Promise.all(subs.map((sub, i) => sendPush(settings, true, sub, { payload: JSON.stringify({ alarmId: i }), urgency: 'high', topic: 'a', ttlSeconds: 60 })));
await service.close();
const { deaths, inWorker, inThread } = pushSenders();
console.log(JSON.stringify({ deaths, inWorker, inThread, ok: attempts.map((a) => a.ok), payloads: service.received.map((r) => r.payload.alarmId).sort() }));
`;

it('encrypts and sends pushes in its worker thread from the bundle with plain node, and lets the process end', async () => {
  const stdout = await runBundled(entry, { 'push-send-worker': 'src-server/modules/contact-methods/push-send-worker.ts' });
  expect(JSON.parse(stdout)).toEqual({ deaths: 0, inWorker: 3, inThread: 0, ok: [true, true, true], payloads: [0, 1, 2] });
});
