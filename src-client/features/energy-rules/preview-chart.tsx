import { useQuery } from '@tanstack/react-query';
import { CartesianGrid, Line, LineChart, ReferenceDot, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { EnergyAlarm } from '@/domain/energy-rule';
import { daysBetween } from '@/lib/amsterdam';
import { useTRPC } from '~/lib/trpc';

const dayLabel = (ms: number) => new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', day: '2-digit', month: '2-digit' }).format(ms);
const timeLabel = (ms: number) =>
  new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }).format(ms);

/**
 * The meter's values over the preview period with the limit lines and the hits marked: kW per
 * quarter-hour (per hour over more than two months), kWh per day for DAILY_ENERGY.
 */
export function PreviewChart({
  channelId,
  from,
  to,
  daily,
  limits,
  alarms,
}: {
  channelId: number;
  from: string;
  to: string;
  daily: boolean;
  limits: number[];
  alarms: EnergyAlarm[];
}) {
  const trpc = useTRPC();
  const granularity = daily ? 'day' : daysBetween(from, to) > 62 ? 'hour' : 'quarter_hour';
  const perHour = granularity === 'quarter_hour' ? 4 : 1;
  const series = useQuery(
    trpc.measurement.aggregate.queryOptions({ channelIds: String(channelId), from: `${from}T00:00:00`, to: `${to}T00:00:00`, granularity }),
  );
  const rows = (series.data ?? []).map((b) => ({ t: Date.parse(b.timestamp), v: b.values[0] === null ? null : daily ? b.values[0]! : b.values[0]! * perHour }));
  const unit = daily ? 'kWh' : 'kW';
  // A hit sits on its own figure where that is in the chart's unit (a peak, a day's energy), else on the curve.
  const hits = alarms
    .map((a) => {
      const t = Date.parse(a.data.at ?? '');
      return { t, line: a.line, v: a.data.unit === unit ? Number(a.data.value) : (rows.find((r) => r.t >= t)?.v ?? 0) };
    })
    .filter((h) => Number.isFinite(h.t));
  return (
    <figure className="grid gap-2">
      <div
        className="h-64 w-full"
        data-testid="energy-preview-chart"
        role="img"
        aria-label={`Grafiek van de meterwaarden in ${unit} met ${hits.length} treffers gemarkeerd.`}
      >
        {series.isLoading ? (
          <p className="text-sm text-muted-foreground">Meterwaarden laden…</p>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="t" type="number" scale="time" domain={['dataMin', 'dataMax']} tickFormatter={dayLabel} tick={{ fontSize: 12 }} minTickGap={24} />
              <YAxis
                tick={{ fontSize: 12 }}
                width={44}
                tickFormatter={(v: number) => v.toLocaleString('nl-NL', { maximumFractionDigits: 1 })}
                label={{ value: unit, angle: -90, position: 'insideLeft', fontSize: 12 }}
              />
              <Tooltip
                labelFormatter={(t) => timeLabel(Number(t))}
                formatter={(v) => [`${Number(v).toFixed(1).replace('.', ',')} ${unit}`, daily ? 'Energie' : 'Vermogen']}
              />
              <Line dataKey="v" stroke="var(--color-primary, #2563eb)" dot={false} strokeWidth={1} isAnimationActive={false} connectNulls={false} />
              {limits.map((limit) => (
                <ReferenceLine
                  key={limit}
                  y={limit}
                  stroke="#dc2626"
                  strokeDasharray="6 3"
                  label={{ value: `grens ${String(limit).replace('.', ',')} ${unit}`, fontSize: 11, fill: '#dc2626', position: 'insideTopRight' }}
                />
              ))}
              {hits.map((h) => (
                <ReferenceDot key={h.line} x={h.t} y={h.v} r={5} fill="#dc2626" stroke="white" />
              ))}
            </LineChart>
          </ResponsiveContainer>
        )}
      </div>
      <figcaption className="text-xs text-muted-foreground">
        {daily ? 'Energie per dag' : granularity === 'hour' ? 'Gemiddeld vermogen per uur' : 'Gemiddeld vermogen per kwartier'}; rode stippen: de meldingen die
        de regel zou geven.
      </figcaption>
    </figure>
  );
}
