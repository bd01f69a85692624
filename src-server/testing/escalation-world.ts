/**
 * The alarm world with a pinned clock, a real SMTP server on loopback, and helpers for escalation
 * tests: a policy with an ESCALATION rule on dashboard A, a way to run the jobs as the server would,
 * and the action link out of a mail.
 */
import { onTestFinished } from 'vitest';
import type { Priority } from '@/domain/alarm-dashboard';
import type { EscalationStep } from '@/domain/escalation-policy';
import { createAlarmWorld } from './alarm-world';
import { escalatingDashboard } from './escalating-dashboard';
import type { HarnessOptions } from './harness';
import { startSmtp } from './smtp';

const T0 = Date.parse('2026-11-28T01:22:00Z');

/** `options` adds to the world's: mail settings (private targets for receivers on loopback, a push service's certificate, the public URL) and a Telegram bot. */
export async function createEscalationWorld({ telegram, ...notify }: NonNullable<HarnessOptions['notify']> & { telegram?: HarnessOptions['telegram'] } = {}) {
  const smtp = await startSmtp();
  let now = T0;
  const w = await createAlarmWorld({
    clock: () => new Date(now),
    notify: { smtpUrl: smtp.url, smtpFrom: 'Energiebeheer <alarm@energiebeheer.test>', ...notify },
    telegram,
  });
  const admin = w.callers.admin;
  /** A policy and the rule that escalates HIGH alarms (or those of `priorities`) of dashboard A along it. */
  const escalateAlong = (steps: EscalationStep[], repeat = 0, priorities: Priority[] = ['HIGH']) =>
    escalatingDashboard(admin, w.dashA.id, { steps, repeat, priorities });
  /** Runs what the server runs on an alarm change or its schedule: escalations due, then deliveries. */
  const settle = async () => {
    await w.h.jobs.runNow('notify');
    await w.h.jobs.runNow('escalate');
    await w.h.jobs.runNow('notify');
  };
  const raise = (line = 'Koelcel 4 te warm', priority: Priority = 'HIGH') => admin.alarm.create({ dashboardId: w.dashA.id, line, priority });
  const history = async (alarmId: number) => admin.alarm.history({ alarmId });
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= w.h.close().then(() => smtp.close()));
  try {
    // Like the harness: a world made in a test is closed when the test ends (its SMTP server after it).
    onTestFinished(close);
  } catch {
    // Made outside a test (beforeAll): the file closes it.
  }
  return {
    ...w,
    smtp,
    admin,
    escalateAlong,
    settle,
    raise,
    history,
    /** Moves the clock on; `seconds` may be fractional minutes' worth. */
    advance: (seconds: number) => (now += seconds * 1000),
    at: () => now,
    /** The action token in a mail's text. */
    tokenOf: (text: string | undefined) => /\/app\/act\/([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1],
    /** Once; a world made in a test and not closed by it is closed when the test ends. */
    close,
  };
}
export type EscalationWorld = Awaited<ReturnType<typeof createEscalationWorld>>;
