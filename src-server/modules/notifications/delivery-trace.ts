/**
 * Where a notification's time goes, for the bench and for anyone profiling a live server: the
 * notify job publishes each stage on a `node:diagnostics_channel` (rows queued, a row claimed, its
 * request about to leave, its outcome stored). Nothing is built or sent while nobody subscribes.
 */
import diagnostics from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';

export const NOTIFY_TRACE_CHANNEL = 'energiebeheer:notify';

export type NotifyTraceStage =
  { stage: 'queued'; count: number } | { stage: 'claimed' | 'sending' | 'finished'; id: number; alarmId: number; dashboardId: number; channel: string };

const channel = diagnostics.channel(NOTIFY_TRACE_CHANNEL);

export function traceNotify(make: () => NotifyTraceStage): void {
  if (channel.hasSubscribers) channel.publish({ ...make(), at: performance.now() });
}

/** A notification row reaching `stage`. */
export function traceRow(stage: 'claimed' | 'sending' | 'finished', row: { id: number; alarmId: number; dashboardId: number; channel: string }): void {
  traceNotify(() => ({ stage, id: row.id, alarmId: row.alarmId, dashboardId: row.dashboardId, channel: row.channel }));
}
