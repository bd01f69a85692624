/**
 * The gauges /metrics reads from the database when Prometheus scrapes: the same on every
 * instance of one database (aggregate them with `max`, not `sum`). Alarm counts are added up from
 * the alarm history as it grows, so a scrape reads only the rows written since the last one.
 */
import { Counter } from 'prom-client';
import type { Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { type Metrics, scrapedGauge } from '../../platform/metrics';
import type { Backup } from '@/domain/backup';
import { alarmEventsAfter, lastHubSync, mailSourceHealth, notificationsSince, parseQueueLength } from './system.queries';

export interface SystemMetricsDeps {
  db: DB;
  clock: Clock;
  listBackups: () => Promise<Backup[]>;
}

export function registerSystemMetrics(metrics: Metrics, deps: SystemMetricsDeps) {
  const { db } = deps;
  const now = () => Math.floor(deps.clock().getTime() / 1000);
  const totals = new Map<string, { event: string; source: string; n: number }>();
  let afterId = 0;
  let reading: Promise<void> | null = null;
  const readAlarmEvents = () =>
    (reading ??= (async () => {
      for (const row of await alarmEventsAfter(db, afterId)) {
        const key = `${row.event}/${row.actorType}`;
        const total = totals.get(key) ?? { event: row.event, source: row.actorType.toLowerCase(), n: 0 };
        total.n += Number(row.n);
        totals.set(key, total);
        afterId = Math.max(afterId, Number(row.lastId));
      }
    })().finally(() => (reading = null)));
  for (const event of ['created', 'resolved'] as const) {
    new Counter({
      name: event === 'created' ? 'energiebeheer_alarms_raised_total' : 'energiebeheer_alarms_resolved_total',
      help: event === 'created' ? 'Alarms raised, by source (email, api, user, system)' : 'Alarms resolved, by who resolved them (email, api, user, system)',
      labelNames: ['source'],
      registers: [metrics.registry],
      async collect() {
        await readAlarmEvents();
        this.reset();
        for (const t of totals.values()) if (t.event === event) this.inc({ source: t.source }, t.n);
      },
    });
  }
  scrapedGauge(
    metrics,
    'energiebeheer_notifications_24h',
    'Notifications created in the last 24 hours, by channel and status',
    ['channel', 'status'],
    async () => (await notificationsSince(db, now() - 86_400)).map((r) => [{ channel: r.channel.toLowerCase(), status: r.status.toLowerCase() }, Number(r.n)]),
  );
  scrapedGauge(
    metrics,
    'energiebeheer_mail_source_fetch_age_seconds',
    "Seconds since each mail source's last successful fetch (-1: never)",
    ['source', 'dashboard'],
    async () =>
      (await mailSourceHealth(db)).map((s) => [{ source: s.name, dashboard: s.dashboardName }, s.lastCheckedAt === null ? -1 : now() - s.lastCheckedAt]),
  );
  scrapedGauge(metrics, 'energiebeheer_parse_queue_length', 'Stored e-mails waiting to be parsed', [], async () => [[{}, await parseQueueLength(db)]]);
  scrapedGauge(
    metrics,
    'energiebeheer_hub_sync_age_seconds',
    'Seconds since the newest successful Meterbeheer HUB sync of any feed (-1: never)',
    [],
    async () => {
      const at = await lastHubSync(db);
      return [[{}, at === null ? -1 : now() - at]];
    },
  );
  const newestBackup = async () => (await deps.listBackups()).find((b) => b.verified);
  scrapedGauge(metrics, 'energiebeheer_backup_last_age_seconds', 'Seconds since the newest verified backup was made (-1: none)', [], async () => {
    const newest = await newestBackup();
    return [[{}, newest ? now() - Math.floor(Date.parse(newest.createdAt) / 1000) : -1]];
  });
  scrapedGauge(metrics, 'energiebeheer_backup_last_size_bytes', 'Size of the newest verified backup file (0: none)', [], async () => [
    [{}, (await newestBackup())?.size ?? 0],
  ]);
}
