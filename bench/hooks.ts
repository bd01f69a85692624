/**
 * Inbound hook figure: an Alertmanager v4 payload of 1,000 alerts over REST with an
 * ingest token, on a real server with a file database. Each timed request carries 1,000 new
 * fingerprints (1,000 alarms created); the same payload again groups them, and a resolved copy
 * resolves them, each timed once beside it.
 */
import { startAlarmBench } from './alarm-bench-server';
import { median } from './stats';

const ALERTS = 1000;
const RUNS = 5;

/** Alerts shaped like Alertmanager's: labels, annotations, generatorURL and a fingerprint each. */
const payload = (run: number, status: 'firing' | 'resolved') => ({
  version: '4',
  groupKey: '{}:{alertname="ProbeFailure"}',
  status,
  receiver: 'energiebeheer',
  groupLabels: { alertname: 'ProbeFailure' },
  commonLabels: { alertname: 'ProbeFailure', job: 'http_checks' },
  commonAnnotations: {},
  externalURL: 'http://prometheus.example.org:9093',
  alerts: Array.from({ length: ALERTS }, (_, i) => ({
    status,
    labels: { alertname: 'ProbeFailure', instance: `https://server-${i}.example.org`, job: 'http_checks', severity: i % 3 ? 'warning' : 'critical' },
    annotations: { summary: `BlackBox Probe Failure: https://server-${i}.example.org`, description: `Instance ${i} has been down for over 5m.` },
    startsAt: '2026-11-25T13:08:45.828Z',
    endsAt: '0001-01-01T00:00:00Z',
    generatorURL: 'http://prometheus.example.org:9090/graph?g0.expr=probe_success+%3D%3D+0&g0.tab=1',
    fingerprint: `${run.toString(16)}-${i.toString(16).padStart(12, '0')}`,
  })),
});

export async function benchHooks() {
  const { call, accessToken, dashboard, stop } = await startAlarmBench('hooks');
  const { token } = await call('POST', `/api/v1/alarms/dashboards/${dashboard.id}/ingest-tokens`, accessToken, { name: 'Prometheus' });
  const post = async (body: unknown, expected: Record<string, number>) => {
    const start = performance.now();
    const result = await call('POST', '/api/v1/alarms/hooks/alertmanager', token, body);
    const ms = performance.now() - start;
    if (Object.entries(expected).some(([k, n]) => result[k] !== n)) throw new Error(`hook answered ${JSON.stringify(result)}`);
    return ms;
  };
  await post(payload(0, 'firing'), { created: ALERTS });
  const created: number[] = [];
  for (let run = 1; run <= RUNS; run++) created.push(await post(payload(run, 'firing'), { created: ALERTS }));
  const figures = {
    created: median(created),
    grouped: await post(payload(1, 'firing'), { grouped: ALERTS }),
    resolved: await post(payload(1, 'resolved'), { resolved: ALERTS }),
  };
  await stop();
  return figures;
}
