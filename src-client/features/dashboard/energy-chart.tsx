import { Area, Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatChange, formatEnergy } from './format';

export interface ChartRow {
  label: string;
  /** The bucket's full name for the tooltip: 'di 12 nov. 2024 14:00'. */
  title: string;
  current: number | null;
  previous: number | null;
}

const CURRENT = '#0e7490';
/** Dark enough to read next to white (3:1) and to tell apart from the current period. */
const PREVIOUS = '#64748b';

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
 * an area with last year as a dashed line (168 bars would be hairlines).
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
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
