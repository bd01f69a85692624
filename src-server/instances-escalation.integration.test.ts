/**
 * Two instances on one PostgreSQL and escalations: both run the escalate and notify jobs at the
 * same moments, and also call the step sender side by side past the job lock; every step of every
 * escalation goes out once, and each person gets one mail per step. Runs on PostgreSQL
 * (TEST_DATABASE_URL).
 */
import { expect, test, onTestFinished } from 'vitest';
import { sendDueSteps } from './modules/escalation-policies/escalations';
import { escalatingDashboard } from './testing/escalating-dashboard';
import { createHarness } from './testing/harness';
import { startSmtp } from './testing/smtp';
import { testDatabase } from './testing/test-database';

test.runIf(process.env.TEST_DATABASE_URL)(
  'two instances send each escalation step once, to each person once',
  async () => {
    const smtp = await startSmtp();
    const database = await testDatabase();
    let now = Date.parse('2026-11-28T01:22:00Z');
    const options = { databaseFile: database, clock: () => new Date(now), notify: { smtpUrl: smtp.url, smtpFrom: 'alarm@energiebeheer.test' } };
    const a = await createHarness(options);
    const b = await createHarness(options);
    onTestFinished(async () => {
      await a.close();
      await b.close();
      await smtp.close();
    });
    const org = await a.organization('Paar');
    await a.user('admin', 'beheer@example.nl');
    const installer = await a.user('installer', 'piket@example.nl', { organizationId: org });
    const admin = await a.caller((await a.signIn('beheer@example.nl')).accessToken);
    const dashboard = await admin.alarmDashboard.create({ name: 'Paar', organizationId: org });
    await escalatingDashboard(admin, dashboard.id, {
      steps: [
        { afterMinutes: 0, targets: [{ type: 'USER', id: installer }] },
        { afterMinutes: 5, targets: [{ type: 'ASSIGNABLE' }] },
      ],
      repeat: 1,
    });
    const alarms = 20;
    for (let i = 0; i < alarms; i++) await admin.alarm.create({ dashboardId: dashboard.id, line: `Storing ${i}`, priority: 'HIGH' });
    // A run refused because the other instance holds the job's lock is what the lock is for.
    const run = (h: typeof a, job: string) => h.jobs.runNow(job).catch((e: { message?: string }) => expect(e.message).toBe('Deze taak draait al.'));
    const both = async () => {
      await Promise.all([a, b].flatMap((h) => [run(h, 'notify'), run(h, 'escalate')]));
      // Past the job lock too: the step's claim alone keeps it single.
      const clock = Math.floor(now / 1000);
      await Promise.all([sendDueSteps(a.escalation, clock), sendDueSteps(b.escalation, clock)]);
      await Promise.all([run(a, 'notify'), run(b, 'notify')]);
      await run(a, 'notify');
    };
    for (let minute = 0; minute <= 25; minute++) {
      await both();
      now += 60_000;
    }
    await both();
    await both();
    const steps = await a.db.selectFrom('alarmHistory').select(['alarmId', 'details']).where('event', '=', 'escalated').execute();
    const perAlarm = new Map<number, string[]>();
    for (const s of steps) {
      const { step, round } = JSON.parse(s.details) as { step: number; round: number };
      perAlarm.set(s.alarmId, [...(perAlarm.get(s.alarmId) ?? []), `${round}.${step}`]);
    }
    expect(perAlarm.size).toBe(alarms);
    for (const sent of perAlarm.values()) expect(sent.sort()).toEqual(['1.1', '1.2', '2.1', '2.2']);
    // Per alarm: the installer in all four steps, the admin in the two ASSIGNABLE steps.
    expect(smtp.mails).toHaveLength(alarms * 6);
    const perMail = new Map<string, number>();
    for (const m of smtp.mails) perMail.set(m.mail.messageId!, (perMail.get(m.mail.messageId!) ?? 0) + 1);
    expect([...perMail.values()].every((n) => n === 1)).toBe(true);
  },
  120_000,
);
