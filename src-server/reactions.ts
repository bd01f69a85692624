/**
 * "When X happens, do Y": every reaction of one module to another's doing, in one place. Modules tell
 * the event bus what happened (mail stored, mail read, measurements stored, an alarm changed) and
 * know nothing of who reacts; this file is the only one that does.
 */
import type { EventBus } from './platform/events/event-bus';
import type { JobRunner } from './platform/jobs/runner';
import type { JobWaker } from './platform/jobs/waker';
import { MAIL_READ_JOB } from './modules/alarm-emails/alarm-emails.jobs';
import { ALARM_PARSE_JOB } from './modules/alarm-parsers/alarm-parsers.jobs';
import { type EnergyDeps, evaluateAfterSync } from './modules/energy-rules/energy-evaluation';
import { NOTIFY_JOB } from './modules/notifications/notifications.jobs';
import { ESCALATE_JOB } from './modules/escalation-policies/escalation-policies.jobs';

export interface Reacting {
  events: EventBus;
  jobs: JobRunner;
  energy: EnergyDeps;
  wakers: { read: JobWaker; parse: JobWaker; notify: JobWaker };
}

export function wireReactions({ events, jobs, energy, wakers }: Reacting) {
  // New mail is read at once, and what was read is parsed at once.
  events.on('mail-stored', () => wakeJob(jobs, MAIL_READ_JOB, wakers.read));
  events.on('mail-read', () => wakeJob(jobs, ALARM_PARSE_JOB, wakers.parse));
  // What the HUB sync stored is judged by the energy rules (the sync waits for them, a failure is logged).
  events.on('measurements-stored', ({ channelIds }) => evaluateAfterSync(energy, channelIds));
  // Any alarm change may be worth a notification: a HIGH alarm's webhook leaves at once.
  // An escalation looks again at once: an acknowledge or resolve stops it before its next step.
  events.subscribeAll(() => {
    wakeJob(jobs, NOTIFY_JOB, wakers.notify);
    void jobs.runNow(ESCALATE_JOB).catch(() => undefined);
  });
}

/**
 * Wakes a job's run in progress, or starts one (the schedule stays the safety net); a wake that came
 * while a run was already ending is taken by a next run.
 */
export function wakeJob(jobs: JobRunner, name: string, waker: Pick<JobWaker, 'wake' | 'missed'>): void {
  waker.wake();
  void jobs.runNow(name).then(
    () => waker.missed() && wakeJob(jobs, name, waker),
    () => undefined,
  );
}
