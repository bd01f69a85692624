/**
 * The day forecasts a module page draws beside the measured values: one per day of the shown week
 * that has history before it, up to the day after the newest value (today's forecast, or
 * tomorrow's once today is in). Past days show what was expected of them from the days before.
 */
import { useQueries } from '@tanstack/react-query';
import { addDays, format } from 'date-fns';
import type { ForecastHour } from '@/domain/measurement';
import { useTRPC } from '~/lib/trpc';
import type { Period } from './period';
import { wall } from './format';

export interface ForecastPoint {
  value: number | null;
  low: number | null;
  high: number | null;
}

/** The dates of the week whose forecast means something: after the first day of data, up to the day after the last. */
export function forecastDates(p: Period, firstDataAt: string | null, lastDataAt: string | null): string[] {
  if (p.period !== 'week' || !firstDataAt || !lastDataAt) return [];
  const first = format(wall(firstDataAt), 'yyyy-MM-dd');
  const last = format(addDays(wall(lastDataAt), 1), 'yyyy-MM-dd');
  return Array.from({ length: 7 }, (_, i) => format(addDays(p.start, i), 'yyyy-MM-dd')).filter((date) => date > first && date <= last);
}

const sum = (hours: ForecastHour[]) => (hours.some((h) => h.value !== null) ? hours.reduce((s, h) => s + (h.value ?? 0), 0) : null);

/** Per bucket timestamp (hour, or a day's start for days) the forecast and its band; days carry no band. */
export function useForecastPoints(channelIds: number[], dates: string[], hourly: boolean): Map<string, ForecastPoint> {
  const trpc = useTRPC();
  const results = useQueries({
    queries: dates.map((date) => trpc.measurement.predictHourly.queryOptions({ channelIds: channelIds.join(','), date })),
  });
  const points = new Map<string, ForecastPoint>();
  for (const { data } of results) {
    if (!data?.length) continue;
    if (hourly) for (const h of data) points.set(h.timestamp, { value: h.value, low: h.low, high: h.high });
    else points.set(data[0]!.timestamp, { value: sum(data), low: null, high: null });
  }
  return points;
}
