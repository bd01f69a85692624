/**
 * What an alert from a monitoring tool becomes: key, line, priority and data.
 * Pure, so the mapping is tested without a database.
 *
 * Decisions made here:
 * - Data beyond the alarm limits is cut, not refused: a tool cannot shorten its own annotations,
 *   and refusing would lose the alarm. Values are cut to 2000 characters (ending in `…`), names to
 *   64; after 100 keys the rest are left out (labels first, then annotations, `generatorURL`,
 *   Grafana's `values.<ref>`). The line is cut to 512 characters.
 * - Sorted labels longer than a key may be (256) become `labels:<sha256 hex>`, still stable per set.
 *   A fingerprint or generic key longer than that becomes `sha256:<hex>` of the whole key: cutting
 *   it would make two alerts that differ late in the key one alarm, and resolving one resolve both.
 * - An alert with neither labels nor fingerprint is keyed by its content (`alert:<sha256 hex>` of
 *   its annotations, generator URL and start): repeats of it group, other such alerts do not.
 * - A label `location` or `site` (any case) naming a location of the organization (its id or its
 *   exact name, any case) sets the alarm's location; the service looks it up, as a monitoring tool
 *   cannot be asked to fix an unknown one (the label stays in the data either way).
 * - `startsAt` is when the alarm was received, unless it is missing, unreadable or in the future.
 * - Names are kept as sent, `constructor` and `__proto__` included, in an object without prototype.
 */
import { createHash } from 'node:crypto';
import { ALARM_DATA_MAX_KEYS, ALARM_KEY_MAX, ALARM_LINE_MAX } from '@/domain/alarm';
import type { Priority } from '@/domain/alarm-dashboard';
import type { GenericAlert, GenericPayload, MonitoringAlert } from '@/domain/alarm-hook';
import { invalidField } from '../../platform/errors';

const DATA_VALUE_MAX = 2000;
const DATA_NAME_MAX = 64;

export interface HookAlert {
  status: 'firing' | 'resolved';
  key: string | null;
  line: string;
  /** null: the dashboard's default. */
  priority: Priority | null;
  data: Record<string, string>;
  /** The generic format may name the alarm's location. */
  locationId?: number | null;
  /** Alertmanager and Grafana may name it by a label: a location's id or name, looked up by the service. */
  locationRef?: string | null;
  /** When the tool says the alert began (epoch ms), if it did. */
  startsAt?: number | null;
}

const SEVERITIES: Record<string, Priority> = {
  critical: 'HIGH',
  high: 'HIGH',
  page: 'HIGH',
  error: 'HIGH',
  warning: 'MEDIUM',
  warn: 'MEDIUM',
  medium: 'MEDIUM',
  info: 'LOW',
  low: 'LOW',
  none: 'LOW',
};

export const severityPriority = (severity: string | undefined): Priority | null => SEVERITIES[severity?.trim().toLowerCase() ?? ''] ?? null;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** At most 100 keys, names and values cut to the alarm limits, first come first kept. */
export function limitedData(entries: [string, string][]): Record<string, string> {
  const data = Object.create(null) as Record<string, string>;
  let count = 0;
  for (const [name, value] of entries) {
    if (count >= ALARM_DATA_MAX_KEYS) break;
    const key = cut(name, DATA_NAME_MAX);
    if (key && !Object.hasOwn(data, key)) {
      data[key] = cut(value, DATA_VALUE_MAX);
      count++;
    }
  }
  return data;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A key as sent, trimmed; longer than a key may be, its hash (`sha256:<hex>`, 71 characters). */
const hookKey = (key: string) => (key.length <= ALARM_KEY_MAX ? key : `sha256:${sha256(key)}`);

/** `a=1,b=2`: the labels sorted by name; hashed when longer than a key may be. */
export function labelsKey(labels: Record<string, string>): string {
  const text = Object.keys(labels)
    .sort()
    .map((name) => `${name}=${labels[name]}`)
    .join(',');
  return text.length <= ALARM_KEY_MAX ? text : `labels:${sha256(text)}`;
}

/** The key of an alert without labels or fingerprint: its content, so only its own repeats group with it. */
const contentKey = (alert: MonitoringAlert) =>
  `alert:${sha256(JSON.stringify([Object.entries(alert.annotations).sort(([a], [b]) => (a < b ? -1 : 1)), alert.generatorURL ?? null, alert.startsAt ?? null]))}`;

function monitoringKey(alert: MonitoringAlert) {
  const fingerprint = alert.fingerprint?.trim();
  if (fingerprint) return hookKey(fingerprint);
  return Object.keys(alert.labels).length > 0 ? labelsKey(alert.labels) : contentKey(alert);
}

/** The value of the first label named `location` or `site`, any case. */
function locationLabel(labels: Record<string, string>) {
  const name = Object.keys(labels).find((n) => /^(location|site)$/i.test(n));
  const value = name === undefined ? '' : labels[name]!.trim();
  return value || null;
}

/** An RFC 3339 time as epoch ms; null when absent or unreadable (Go's zero time included). */
function startsAtOf(text: string | null | undefined) {
  if (!text) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}

function monitoringLine(alert: MonitoringAlert) {
  const summary = alert.annotations.summary?.trim();
  if (summary) return summary;
  const name = alert.labels.alertname?.trim() || 'Alert';
  const instance = alert.labels.instance?.trim();
  return instance ? `${name} ${instance}` : name;
}

/** An Alertmanager or Grafana alert. */
export function fromMonitoringAlert(alert: MonitoringAlert): HookAlert {
  const values = Object.entries(alert.values ?? {}).map(([ref, value]): [string, string] => [`values.${ref}`, String(value)]);
  return {
    status: alert.status,
    key: monitoringKey(alert),
    line: cut(monitoringLine(alert), ALARM_LINE_MAX),
    priority: severityPriority(alert.labels.severity),
    data: limitedData([
      ...Object.entries(alert.labels),
      ...Object.entries(alert.annotations),
      ...(alert.generatorURL ? [['generatorURL', alert.generatorURL] as [string, string]] : []),
      ...values,
    ]),
    locationRef: locationLabel(alert.labels),
    startsAt: startsAtOf(alert.startsAt),
  };
}

/** A generic alert: its own key, line, priority and data, cut to the same limits. */
const fromGenericAlert = (alert: GenericAlert): HookAlert => ({
  status: alert.status,
  key: alert.key?.trim() ? hookKey(alert.key.trim()) : null,
  line: cut(alert.line, ALARM_LINE_MAX),
  priority: alert.priority ?? null,
  data: limitedData(Object.entries(alert.data)),
  locationId: alert.locationId ?? null,
});

/** The generic body's alerts: its list, or the body itself as the one alert. */
export function fromGenericPayload({ alerts, ...single }: GenericPayload): HookAlert[] {
  const list = alerts ?? [{ ...single, line: single.line!, status: single.status ?? 'firing', data: single.data ?? {} }];
  return list.map((alert, index) => {
    const mapped = fromGenericAlert(alert);
    // Resolving names the alarms by their key: a resolved alert without one could resolve nothing.
    if (mapped.status === 'resolved' && mapped.key === null)
      throw invalidField(alerts ? `alerts.${index}.key` : 'key', 'Een opgeloste alert heeft een sleutel (key) nodig.');
    return mapped;
  });
}
