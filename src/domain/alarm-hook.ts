/**
 * The inbound hooks' payloads: Prometheus Alertmanager's webhook (version 4),
 * Grafana's alerting webhook (the same alert list, plus `values` and its own extras) and the
 * generic format. Unknown keys are ignored, as both tools add fields between versions; a bad alert
 * is named by its index (`alerts.3.labels`).
 */
import * as v from 'valibot';
import { prioritySchema } from './alarm-dashboard';
import { documentedAs, idSchema, plainTextRecord } from './common';

/** At most this many alerts in one request (Alertmanager's `max_alerts` can keep to it). */
const MAX_HOOK_ALERTS = 1000;

const status = v.picklist(['firing', 'resolved'], 'De status moet firing of resolved zijn.');
const text = (message: string) => v.string(message);
const strings = plainTextRecord;
const optionalText = (message: string) => v.optional(v.nullable(text(message)));

const monitoringAlert = v.looseObject({
  status,
  labels: strings('De labels moeten een object met tekstwaarden zijn.'),
  annotations: v.optional(strings('De annotaties moeten een object met tekstwaarden zijn.'), {}),
  generatorURL: optionalText('generatorURL moet tekst zijn.'),
  fingerprint: optionalText('fingerprint moet tekst zijn.'),
  /** When the alert began (RFC 3339); a time that cannot be read counts as now rather than refused. */
  startsAt: optionalText('startsAt moet tekst zijn.'),
  /** Grafana: the query and expression results by reference id (`{B: 22, C: 1}`). */
  values: v.optional(v.nullable(v.record(v.string(), v.union([v.number(), v.string(), v.boolean(), v.null()]), 'values moet een object zijn.'))),
});
export type MonitoringAlert = v.InferOutput<typeof monitoringAlert>;

const alertList = <S extends v.GenericSchema>(alert: S) =>
  v.pipe(
    v.array(alert, 'alerts moet een lijst zijn.'),
    v.maxLength(MAX_HOOK_ALERTS, `Hoogstens ${MAX_HOOK_ALERTS} alerts per aanvraag; stel max_alerts in of splits ze.`),
  );

/** Alertmanager's webhook body, version 4; Grafana sends the same shape with more keys. */
export const monitoringPayloadSchema = v.looseObject({ alerts: alertList(monitoringAlert) });

const genericAlert = v.object({
  key: v.optional(v.nullable(v.string('De sleutel moet tekst zijn.'))),
  line: v.pipe(v.string('De melding moet worden opgegeven.'), v.trim(), v.nonEmpty('De melding moet worden opgegeven.')),
  priority: v.optional(prioritySchema),
  status: v.optional(status, 'firing'),
  data: v.optional(strings('Data moet een object met tekstwaarden zijn.'), {}),
  /** A location of the dashboard's organization. */
  locationId: v.optional(v.nullable(idSchema)),
});
export type GenericAlert = v.InferOutput<typeof genericAlert>;

/**
 * `{alerts: [...]}` or one alert on its own. One object rather than a union, so a bad alert keeps
 * its own path (`alerts.3.line`) instead of a union's single "matches no option".
 */
export const genericPayloadSchema = documentedAs(
  v.pipe(
    v.object({ alerts: v.optional(alertList(genericAlert)), ...v.partial(genericAlert).entries }),
    v.forward(
      v.check((p) => p.alerts !== undefined || p.line !== undefined, 'De melding moet worden opgegeven (of stuur {alerts: [...]}).'),
      ['line'],
    ),
  ),
  v.union([v.object({ alerts: alertList(genericAlert) }), genericAlert]),
);
export type GenericPayload = v.InferOutput<typeof genericPayloadSchema>;

export const hookResultSchema = v.object({ created: v.number(), grouped: v.number(), resolved: v.number() });
export type HookResult = v.InferOutput<typeof hookResultSchema>;
