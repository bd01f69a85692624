/**
 * The rows of a module page: per bucket this period and the year before, where a meter exports
 * also the feed-in and the net use (use − feed-in), and for electricity the bucket's peak demand.
 */
import type { AggregateMeasurement, PeakMeasurement } from '@/domain/measurement';
import type { CsvColumn } from '@/lib/csv';
import type { ChartRow } from './energy-chart';
import type { ForecastPoint } from './forecast-rows';
import { bucketLabel, bucketTitle, momentLabel } from './format';

export interface ModuleRow extends ChartRow {
  timestamp: string;
  feedIn: number | null;
  net: number | null;
  peak: PeakMeasurement | null;
}

const sum = (values: (number | null)[] | undefined) => (values && values.some((v) => v !== null) ? values.reduce<number>((s, v) => s + (v ?? 0), 0) : null);
const round = (v: number) => Math.round(v * 1e6) / 1e6;

export function moduleRows(
  granularity: string,
  current: AggregateMeasurement[],
  previous: AggregateMeasurement[] | undefined,
  feedIn: AggregateMeasurement[] | undefined,
  peaks: PeakMeasurement[] | undefined,
  forecasts: Map<string, ForecastPoint> = new Map(),
): ModuleRow[] {
  return current.map((bucket, i) => {
    const value = sum(bucket.values);
    const exported = feedIn ? sum(feedIn[i]?.values) : null;
    const forecast = forecasts.get(bucket.timestamp);
    return {
      forecast: forecast?.value ?? null,
      band: forecast && forecast.low !== null && forecast.high !== null ? [forecast.low, forecast.high] : null,
      timestamp: bucket.timestamp,
      label: bucketLabel(bucket.timestamp, granularity),
      title: bucketTitle(bucket.timestamp, granularity),
      current: value,
      previous: sum(previous?.[i]?.values),
      feedIn: exported,
      net: value !== null && exported !== null ? round(value - exported) : null,
      peak: peaks?.[i] ?? null,
    };
  });
}

export function csvColumns(
  unit: string,
  currentLabel: string,
  previousLabel: string,
  withFeedIn: boolean,
  withPeaks: boolean,
  withForecast = false,
): CsvColumn<ModuleRow>[] {
  return [
    { title: 'Tijdstip', value: (r) => r.timestamp },
    { title: `${currentLabel} (${unit})`, value: (r) => r.current },
    { title: `${previousLabel} (${unit})`, value: (r) => r.previous },
    ...(withForecast
      ? [
          { title: `Verwachting (${unit})`, value: (r: ModuleRow) => r.forecast },
          { title: `Verwachting laag (${unit})`, value: (r: ModuleRow) => r.band?.[0] ?? null },
          { title: `Verwachting hoog (${unit})`, value: (r: ModuleRow) => r.band?.[1] ?? null },
        ]
      : []),
    ...(withFeedIn
      ? [
          { title: `Teruglevering ${currentLabel} (${unit})`, value: (r: ModuleRow) => r.feedIn },
          { title: `Netto ${currentLabel} (${unit})`, value: (r: ModuleRow) => r.net },
        ]
      : []),
    ...(withPeaks
      ? [
          { title: 'Piekvermogen (kW)', value: (r: ModuleRow) => r.peak?.kw },
          { title: 'Piekmoment', value: (r: ModuleRow) => r.peak?.at ?? '' },
        ]
      : []),
  ];
}

export const peakMoment = (peak: PeakMeasurement | null) => (peak?.at ? momentLabel(peak.at) : '–');
