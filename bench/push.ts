/**
 * Web Push fan-out: a HIGH alarm escalates to 100 installers at once (an ASSIGNABLE step), each with
 * their account's e-mail address (a real SMTP server on loopback) and one push subscription (the
 * local push service, which decrypts each message and checks its VAPID signature). Every push is
 * timed from just before the alarm is stored to its arrival at the push service, over 10 alarms
 * one after another, with the job runner on its own schedule as in the server. The baseline sends
 * the same 100 pushes per alarm with `web-push`'s own `sendNotification`, 10 in flight as the
 * notify job allows: what the library and the loopback cost without the product.
 */
import https from 'node:https';
import tls from 'node:tls';
import webPush from 'web-push';
import { hashPassword } from '../src-server/modules/users/passwords';
import { insertUser } from '../src-server/modules/users/users.queries';
import { startPushService } from '../src-server/testing/push-service';
import { startSmtp } from '../src-server/testing/smtp';
import { benchAdminCaller, startBenchServices } from './bench-services';

const SUBSCRIBERS = 100;
const ALARMS = 10;

export async function benchPush() {
  const smtp = await startSmtp();
  const push = await startPushService();
  const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:alarm@energiebeheer.test' };
  const { services, stop } = await startBenchServices('push', {
    notify: {
      smtpUrl: smtp.url,
      smtpFrom: 'alarm@energiebeheer.test',
      publicUrl: 'http://energiebeheer.test',
      allowPrivateTargets: true,
      webPush: { vapid, ca: push.ca },
    },
  });
  const admin = await benchAdminCaller(services);
  const organizationId = (await admin.organization.create({ name: 'Piket' })).id;
  const passwordHash = await hashPassword('installateur-wachtwoord');
  const subscriptions: ReturnType<typeof push.subscribe>['subscription'][] = [];
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const userId = await insertUser(services.db, {
      type: 'installer',
      email: `monteur${i}@example.nl`,
      fullName: `Monteur ${i}`,
      passwordHash,
      organizationId,
      createdAt: 0,
    });
    const { subscription } = push.subscribe(vapid.publicKey);
    subscriptions.push(subscription);
    await services.db
      .insertInto('contactMethod')
      .values({ userId, type: 'WEB_PUSH', target: services.secrets.seal(subscription), createdAt: 0 })
      .execute();
  }
  const dashboard = await admin.alarmDashboard.create({ name: 'Piket', organizationId });
  const policy = await admin.escalationPolicy.create({
    dashboardId: dashboard.id,
    name: 'Iedereen',
    steps: [{ afterMinutes: 0, targets: [{ type: 'ASSIGNABLE' }] }],
    repeat: 0,
  });
  await admin.notification.createRule({
    dashboardId: dashboard.id,
    name: 'Escalatie',
    priorities: ['HIGH'],
    events: ['created'],
    channel: { type: 'ESCALATION', policyId: policy.id },
  });
  await services.jobs.start();

  const product: number[] = [];
  const first: number[] = [];
  for (let i = 0; i < ALARMS; i++) {
    const before = push.received.length;
    const start = Date.now();
    await admin.alarm.create({ dashboardId: dashboard.id, line: `Storing ${i}`, priority: 'HIGH' });
    await push.waitFor(before + SUBSCRIBERS, 60_000);
    product.push(...push.received.slice(before).map((r) => r.receivedAt - start));
    first.push(push.received[before]!.receivedAt - start);
    // The mails of this alarm leave too before the next one comes in.
    await until(() => smtp.mails.length >= (i + 1) * (SUBSCRIBERS + 1));
  }
  const mails = smtp.mails.length;
  await stop();

  const agent = new https.Agent({ keepAlive: true, secureContext: tls.createSecureContext({ ca: [...tls.rootCertificates, push.ca] }) });
  const baseline: number[] = [];
  for (let i = 0; i < ALARMS; i++) {
    const before = push.received.length;
    const start = Date.now();
    const queue = [...subscriptions];
    const worker = async () => {
      for (let s = queue.shift(); s; s = queue.shift()) {
        const payload = JSON.stringify({
          title: `[HOOG] Storing ${i}`,
          body: 'Storingen',
          url: 'http://energiebeheer.test/app/',
          actionUrl: null,
          tag: 'alarm',
          alarmId: i,
        });
        await webPush.sendNotification(s, payload, { vapidDetails: vapid, TTL: 86400, urgency: 'high', topic: 'alarm', agent });
      }
    };
    await Promise.all(Array.from({ length: 10 }, worker));
    baseline.push(...push.received.slice(before).map((r) => r.receivedAt - start));
  }
  agent.destroy();
  await push.close();
  await smtp.close();
  const figures = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
    return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1)! };
  };
  return { pushes: product.length, mails, product: figures(product), firstPush: figures(first), baseline: figures(baseline) };
}

async function until(done: () => boolean, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error('Push bench: timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
