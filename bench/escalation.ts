/**
 * Escalation under load: 500 HIGH alarms escalate at once (step 1 to an installer, step 2 after a
 * minute to a second installer, a third step later keeps them open). The clock then moves a minute
 * on, so all 500 second steps fall due together, the worst case; each second step's mail is timed
 * from that moment to its arrival at a real SMTP server on loopback. The job runner runs on its own
 * schedule (the escalate job every 10 s, woken by alarm changes), as in the server.
 */
import { escalatingDashboard } from '../src-server/testing/escalating-dashboard';
import { startSmtp } from '../src-server/testing/smtp';
import { benchAdminCaller, startBenchServices } from './bench-services';

const ESCALATIONS = 500;

export async function benchEscalation() {
  const smtp = await startSmtp();
  let offset = 0;
  const { services, stop } = await startBenchServices('escalation', {
    clock: () => new Date(Date.now() + offset),
    notify: { smtpUrl: smtp.url, smtpFrom: 'alarm@energiebeheer.test', publicUrl: 'http://energiebeheer.test' },
  });
  const admin = await benchAdminCaller(services);
  const organizationId = (await admin.organization.create({ name: 'Piket' })).id;
  const ids: number[] = [];
  for (const name of ['eerste', 'tweede']) {
    ids.push(
      (await admin.user.create({ type: 'installer', organizationId, email: `${name}@example.nl`, password: 'installateur-wachtwoord', fullName: name })).id,
    );
  }
  const dashboard = await admin.alarmDashboard.create({ name: 'Piket', organizationId });
  await escalatingDashboard(admin, dashboard.id, {
    steps: [
      { afterMinutes: 0, targets: [{ type: 'USER', id: ids[0]! }] },
      { afterMinutes: 1, targets: [{ type: 'USER', id: ids[1]! }] },
      { afterMinutes: 60, targets: [{ type: 'ASSIGNABLE' }] },
    ],
  });
  await services.jobs.start();
  const raiseStart = performance.now();
  for (let i = 0; i < ESCALATIONS; i++) await admin.alarm.create({ dashboardId: dashboard.id, line: `Storing ${i}`, priority: 'HIGH' });
  const raised = performance.now() - raiseStart;
  await until(() => smtp.mails.length >= ESCALATIONS, 120_000);
  const firstSteps = performance.now() - raiseStart;
  // Every second step falls due now (a minute after its alarm, all in the same second).
  const arrivals: number[] = [];
  const before = smtp.mails.length;
  offset += 61_000;
  const due = Date.now();
  let seen = before;
  await until(() => {
    for (; seen < smtp.mails.length; seen++) arrivals.push(Date.now() - due);
    return seen >= before + ESCALATIONS;
  }, 180_000);
  const running = Number(
    (
      await services.db
        .selectFrom('escalation')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('dueAt', 'is not', null)
        .executeTakeFirstOrThrow()
    ).n,
  );
  await stop();
  await smtp.close();
  arrivals.sort((a, b) => a - b);
  const at = (q: number) => arrivals[Math.min(arrivals.length - 1, Math.floor(arrivals.length * q))]!;
  return { raisedMs: raised, firstStepsMs: firstSteps, p50: at(0.5), p95: at(0.95), max: arrivals.at(-1)!, running };
}

async function until(done: () => boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error('Escalation bench: timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
