/**
 * The process's Prometheus metrics (prom-client), one registry per services object. The platform
 * measures what it sees itself (HTTP answers, job runs, live streams); the composition root adds
 * gauges read from the database at scrape time (alarms, notifications, mail sources, backups).
 * Every name starts with `energiebeheer_`.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { openLiveStreams } from './events/live-stream';

export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const metrics = {
    registry,
    httpDuration: new Histogram({
      name: 'energiebeheer_http_request_duration_seconds',
      help: 'HTTP answers by route pattern, method and status, with their durations',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    jobRuns: new Counter({
      name: 'energiebeheer_job_runs_total',
      help: 'Background job runs in this instance, by job',
      labelNames: ['job'] as const,
      registers,
    }),
    jobFailures: new Counter({
      name: 'energiebeheer_job_failures_total',
      help: 'Failed background job runs in this instance, by job',
      labelNames: ['job'] as const,
      registers,
    }),
  };
  new Gauge({
    name: 'energiebeheer_live_streams_open',
    help: 'Live event streams (SSE, subscriptions) open in this instance',
    registers,
    collect() {
      this.set(openLiveStreams());
    },
  });
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

/** A gauge whose values are read when Prometheus scrapes: `read` answers [labels, value] pairs. */
export function scrapedGauge<L extends string>(
  metrics: Metrics,
  name: string,
  help: string,
  labelNames: readonly L[],
  read: () => Promise<[Partial<Record<L, string>>, number][]>,
) {
  new Gauge({
    name,
    help,
    labelNames,
    registers: [metrics.registry],
    async collect() {
      this.reset();
      for (const [labels, value] of await read()) this.set(labels, value);
    },
  });
}
