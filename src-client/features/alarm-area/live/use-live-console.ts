/**
 * The live console (DESIGN.md §7 "Live"): while a dashboard is open, read its event stream with
 * fetch and the bearer header (never EventSource: tokens do not go into URLs), and refresh what
 * the events touch, so a new or changed alarm shows in every open console within seconds. The
 * stream reconnects with backoff when it drops (or goes silent past two heartbeats) and catches
 * up on what it missed; it ends when the layout unmounts.
 */
import { useEffect, useRef, useState } from 'react';
import { priorityLabels } from '@/domain/alarm-dashboard';
import { authFetch } from '~/lib/auth-client';
import { trpc } from '~/lib/trpc';
import { notificationsAllowed } from './notifications';
import { createSseParser } from './sse';

export type LiveStatus = 'connecting' | 'live' | 'offline' | 'unavailable';

/** Without a byte for this long (the server sends a heartbeat every 25 s) the connection is dead. */
const SILENCE_MS = 60_000;
/** Events arriving together (a move of many alarms) refresh once. */
const BATCH_MS = 150;
const backoff = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000) * (0.8 + Math.random() * 0.4);

interface AlarmEventData {
  type: 'created' | 'changed' | 'moved' | 'deleted';
  alarmId: number;
  folderId: number | null;
}

export function useLiveConsole(dashboardId: number, dashboardName: string) {
  const utils = trpc.useUtils();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const name = useRef(dashboardName);
  useEffect(() => {
    name.current = dashboardName;
  }, [dashboardName]);

  useEffect(() => {
    const stop = new AbortController();
    let pending = { alarms: new Set<number>(), created: new Set<number>(), counts: false };
    let timer: ReturnType<typeof setTimeout> | undefined;

    const refreshCounts = () =>
      Promise.all([
        utils.alarmFolder.counts.invalidate({ dashboardId }),
        utils.alarm.countPerPriority.invalidate({ dashboardId }),
        utils.alarm.assignedCount.invalidate({ dashboardId }),
        utils.alarm.unassignedCount.invalidate({ dashboardId }),
        utils.alarm.periodicCount.invalidate(),
      ]);

    const notifyHigh = async (alarmIds: number[]) => {
      if (!notificationsAllowed()) return;
      for (const alarmId of alarmIds.slice(0, 3)) {
        const alarm = await utils.alarm.get.fetch({ alarmId }).catch(() => null);
        if (alarm?.priority !== 'HIGH') continue;
        new Notification(`Alarm ${priorityLabels.HIGH.toLowerCase()}: ${name.current}`, { body: alarm.line, tag: `alarm-${alarmId}` });
      }
    };

    const flush = () => {
      timer = undefined;
      const { alarms, created, counts } = pending;
      pending = { alarms: new Set(), created: new Set(), counts: false };
      if (alarms.size) {
        void utils.alarm.list.invalidate();
        for (const alarmId of alarms) {
          void utils.alarm.get.invalidate({ alarmId });
          void utils.alarm.assignees.invalidate({ alarmId });
        }
      }
      if (counts) void refreshCounts();
      if (created.size) void notifyHigh([...created]);
    };

    const onEvent = ({ event, data }: { event: string; data: string }) => {
      if (event === 'alarm') {
        const alarm = JSON.parse(data) as AlarmEventData;
        pending.alarms.add(alarm.alarmId);
        if (alarm.type === 'created') pending.created.add(alarm.alarmId);
      } else if (event === 'counts') {
        pending.counts = true;
      } else return;
      timer ??= setTimeout(flush, BATCH_MS);
    };

    /** Reads one connection until it ends, fails or falls silent. */
    async function read(body: ReadableStream<Uint8Array>) {
      const reader = body.getReader();
      const decoder = new TextDecoder();
      const feed = createSseParser(onEvent);
      let silence = setTimeout(() => void reader.cancel(), SILENCE_MS);
      const onStop = () => void reader.cancel();
      stop.signal.addEventListener('abort', onStop);
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          clearTimeout(silence);
          silence = setTimeout(() => void reader.cancel(), SILENCE_MS);
          feed(decoder.decode(value, { stream: true }));
        }
      } finally {
        clearTimeout(silence);
        stop.signal.removeEventListener('abort', onStop);
      }
    }

    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const t = setTimeout(resolve, ms);
        stop.signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
      });

    void (async () => {
      let attempt = 0;
      let connectedBefore = false;
      while (!stop.signal.aborted) {
        setStatus(attempt === 0 && !connectedBefore ? 'connecting' : 'offline');
        try {
          const res = await authFetch(`/api/v1/alarms/dashboards/${dashboardId}/events`, {
            headers: { accept: 'text/event-stream' },
            cache: 'no-store',
            signal: stop.signal,
          });
          // Not signed in, no access or no such dashboard: asking again will not help.
          if (res.status === 401 || res.status === 403 || res.status === 404) {
            setStatus('unavailable');
            return;
          }
          if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
          setStatus('live');
          // Whatever happened while the stream was down is fetched again.
          if (connectedBefore) void Promise.all([utils.alarm.invalidate(), utils.alarmFolder.counts.invalidate({ dashboardId })]);
          connectedBefore = true;
          attempt = 0;
          await read(res.body);
        } catch {
          // A dropped or refused connection: try again below.
        }
        if (stop.signal.aborted) return;
        setStatus('offline');
        await sleep(backoff(attempt++));
      }
    })();

    return () => {
      stop.abort();
      clearTimeout(timer);
    };
  }, [dashboardId, utils]);

  return status;
}
