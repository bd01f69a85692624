/**
 * The live console: while a dashboard is open, follow its `alarm.live`
 * subscription (tRPC over server-sent events, the token in the Authorization header) and refresh
 * what the events touch. An alarm's event carries its list row, which goes into the lists on screen
 * at once (no refetch in between: the row paints in the frame after the event); the refetch of the
 * lists and counts that follows reconciles what a row cannot tell (page numbers, counts).
 * A dropped connection resumes from the last event id, so nothing is missed; when the server no
 * longer holds that far back it sends `resync` and everything is fetched again. A session that
 * expired while the console stayed open is refreshed like any call, and the stream resumes.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useEffect, useRef, useState } from 'react';
import { priorityLabels } from '@/domain/alarm-dashboard';
import type { AlarmInFolder } from '@/domain/alarm';
import { putAlarmRows, refreshAlarmCounts, refreshAlarmRows } from '~/lib/alarms/cache';
import { refreshOnce } from '~/lib/auth-client';
import { useTRPC } from '~/lib/trpc';
import { desktopAlertsAllowed } from './desktop-alerts';

export type LiveStatus = 'connecting' | 'live' | 'offline' | 'unavailable';

/** Events arriving together (a move of many alarms) refresh once. */
const BATCH_MS = 150;

type LiveEvent = { event: 'alarm'; data: { type: string; alarmId: number; row?: AlarmInFolder } } | { event: 'counts' | 'resync' };

/**
 * Collects events for `BATCH_MS`, then refreshes what they touched and notifies of new HIGH alarms;
 * remembers the last event's id to resume from.
 */
function useRefresher(dashboardId: number, dashboardName: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const name = useRef(dashboardName);
  const dashboard = useRef(dashboardId);
  useEffect(() => {
    name.current = dashboardName;
    dashboard.current = dashboardId;
  }, [dashboardName, dashboardId]);
  const [refresher] = useState(() => {
    let pending = { alarms: new Set<number>(), created: new Map<number, AlarmInFolder | undefined>(), counts: false, everything: false };
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastId: string | undefined;

    const notifyHigh = async (created: Map<number, AlarmInFolder | undefined>) => {
      if (!desktopAlertsAllowed()) return;
      for (const [alarmId, row] of [...created].slice(0, 3)) {
        const alarm = row ?? (await queryClient.fetchQuery(trpc.alarm.get.queryOptions({ alarmId })).catch(() => null));
        if (alarm?.priority !== 'HIGH') continue;
        new Notification(`Alarm ${priorityLabels.HIGH.toLowerCase()}: ${name.current}`, { body: alarm.line, tag: `alarm-${alarmId}` });
      }
    };

    const flush = () => {
      timer = undefined;
      const { alarms, created, counts, everything } = pending;
      pending = { alarms: new Set(), created: new Map(), counts: false, everything: false };
      if (everything || alarms.size) void refreshAlarmRows({ trpc, queryClient }, everything ? undefined : [...alarms]);
      if (alarms.size && !everything)
        for (const alarmId of alarms) void queryClient.invalidateQueries({ queryKey: trpc.alarm.assignees.queryKey({ alarmId }) });
      if (everything) void queryClient.invalidateQueries({ queryKey: trpc.alarm.assignees.pathKey() });
      if (everything || counts) void refreshAlarmCounts({ trpc, queryClient });
      if (created.size) void notifyHigh(created);
    };

    return {
      add(id: string, e: LiveEvent) {
        lastId = id;
        if (e.event === 'alarm') {
          const { row, type, alarmId } = e.data;
          if (row || type === 'deleted') putAlarmRows({ trpc, queryClient }, dashboard.current, row ? [row] : [], row ? [] : [alarmId]);
          pending.alarms.add(alarmId);
          if (type === 'created') pending.created.set(alarmId, row);
        } else if (e.event === 'counts') pending.counts = true;
        else pending.everything = true;
        timer ??= setTimeout(flush, BATCH_MS);
      },
      lastId: () => lastId,
      stop: () => clearTimeout(timer),
    };
  });
  useEffect(() => refresher.stop, [refresher]);
  return refresher;
}

export function useLiveConsole(dashboardId: number, dashboardName: string): LiveStatus {
  const trpc = useTRPC();
  const refresher = useRefresher(dashboardId, dashboardName);
  const [wasLive, setWasLive] = useState(false);
  /** A new subscription after the session was refreshed, resuming where the last one stopped. */
  const [resume, setResume] = useState<{ from?: string; attempt: number }>({ attempt: 0 });
  const subscription = useSubscription(
    trpc.alarm.live.subscriptionOptions(
      { dashboardId, lastEventId: resume.from },
      {
        onStarted: () => setWasLive(true),
        onData: ({ id, data }) => refresher.add(id, data),
        onError: async (error) => {
          // Only an ended session can be mended here: no access or no dashboard stays so.
          if (error.data?.code === 'UNAUTHORIZED' && (await refreshOnce())) setResume((r) => ({ from: refresher.lastId(), attempt: r.attempt + 1 }));
        },
      },
    ),
  );
  const { reset } = subscription;
  useEffect(() => {
    if (resume.attempt > 0) reset();
  }, [resume, reset]);

  if (subscription.status === 'error') return 'unavailable';
  if (subscription.status === 'pending') return 'live';
  return wasLive ? 'offline' : 'connecting';
}
