import { Area, Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatChange, formatEnergy, formatRange } from './format';

export interface ChartRow {
  label: string;
  /** The bucket's full name for the tooltip: 'di 12 nov. 2024 14:00'. */
  title: string;
  current: number | null;
  previous: number | null;
  /** The forecast of the bucket from the days before its day; null where none was made. */
  forecast: number | null;
  /** Where the actual value fell on 8 of 10 recent days (hours only). */
  band: [number, number] | null;
}

const CURRENT = '#0e7490';
/** Dark enough to read next to white (3:1) and to tell apart from the current period. */
const PREVIOUS = '#64748b';
/** The forecast: amber, apart from both periods; its band the same, light. */
const FORECAST = '#b45309';

function ChartTooltip({
  active,
  payload,
  unit,
  currentLabel,
  previousLabel,
}: {
  active?: boolean;
  payload?: { payload: ChartRow }[];
  unit: string;
  currentLabel: string;
  previousLabel: string;
}) {
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  const difference = row.current !== null && row.previous !== null ? row.current - row.previous : null;
  return (
    <div className="rounded-md border border-border bg-background p-3 text-sm shadow-md">
      <p className="font-medium">{row.title}</p>
      <p>
        {currentLabel}: <strong className="tabular-nums">{formatEnergy(row.current, unit)}</strong>
      </p>
      <p>
        {previousLabel}: <span className="tabular-nums">{formatEnergy(row.previous, unit)}</span>
      </p>
      {row.forecast !== null ? (
        <p>
          Verwachting: <span className="tabular-nums">{formatEnergy(row.forecast, unit)}</span>
          {row.band ? <span className="text-muted-foreground">{` (meestal ${formatRange(row.band[0], row.band[1], unit)})`}</span> : null}
        </p>
      ) : null}
      {difference !== null ? (
        <p className="text-muted-foreground">
          Verschil: <span className="tabular-nums">{`${difference > 0 ? '+' : ''}${formatEnergy(difference, unit)}`}</span>
          {formatChange(row.current, row.previous) ? ` (${formatChange(row.current, row.previous)})` : ''}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The chosen period next to the same period a year earlier: bars per day, week or month; per hour
 * an area with last year as a dashed line (168 bars would be hairlines). Where the days have a
 * forecast it is a dotted line, per hour with its band as a light area behind.
 */
export function EnergyChart({
  rows,
  unit,
  currentLabel,
  previousLabel,
  hourly,
}: {
  rows: ChartRow[];
  unit: string;
  currentLabel: string;
  previousLabel: string;
  hourly: boolean;
}) {
  const withForecast = rows.some((r) => r.forecast !== null);
  const withBand = hourly && rows.some((r) => r.band !== null);
  return (
    <div className="h-80 w-full" data-testid="energy-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 8 }} barGap={2}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#475569' }} interval="preserveStartEnd" minTickGap={hourly ? 32 : 8} />
          <YAxis
            tick={{ fontSize: 12, fill: '#475569' }}
            width={64}
            tickFormatter={(v: number) => v.toLocaleString('nl-NL')}
            label={{ value: unit, angle: -90, position: 'insideLeft', offset: 4, style: { textAnchor: 'middle', fill: '#334155', fontSize: 12 } }}
          />
          <Tooltip content={<ChartTooltip unit={unit} currentLabel={currentLabel} previousLabel={previousLabel} />} />
          <Legend formatter={(value: string) => <span className="text-sm text-foreground">{value}</span>} />
          {withBand ? (
            <Area
              dataKey="band"
              name="Verwachting (bandbreedte)"
              legendType="square"
              type="monotone"
              stroke="none"
              fill={FORECAST}
              fillOpacity={0.15}
              connectNulls={false}
              isAnimationActive={false}
              activeDot={false}
            />
          ) : null}
          {hourly ? (
            <>
              <Area
                dataKey="current"
                name={currentLabel}
                type="monotone"
                stroke={CURRENT}
                fill={CURRENT}
                fillOpacity={0.2}
                strokeWidth={1.5}
                isAnimationActive={false}
              />
              <Line
                dataKey="previous"
                name={previousLabel}
                type="monotone"
                stroke={PREVIOUS}
                strokeDasharray="4 3"
                dot={false}
                strokeWidth={1.5}
                isAnimationActive={false}
              />
            </>
          ) : (
            <>
              <Bar dataKey="previous" name={previousLabel} fill={PREVIOUS} fillOpacity={0.55} isAnimationActive={false} />
              <Bar dataKey="current" name={currentLabel} fill={CURRENT} isAnimationActive={false} />
            </>
          )}
          {withForecast ? (
            <Line
              dataKey="forecast"
              name="Verwachting"
              type="monotone"
              stroke={FORECAST}
              strokeDasharray="2 3"
              strokeWidth={2}
              dot={hourly ? false : { r: 3, fill: FORECAST }}
              isAnimationActive={false}
            />
          ) : null}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
