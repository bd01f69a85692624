import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatEnergy } from './format';

export interface ChartRow {
  label: string;
  current: number | null;
  previous: number | null;
}

/** Bars of the chosen period next to the same period a year earlier. */
export function EnergyChart({ rows, unit, currentLabel, previousLabel }: { rows: ChartRow[]; unit: string; currentLabel: string; previousLabel: string }) {
  return (
    <div className="h-80 w-full" data-testid="energy-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={16} />
          <YAxis tick={{ fontSize: 12 }} width={56} tickFormatter={(v: number) => v.toLocaleString('nl-NL')} />
          <Tooltip formatter={(v) => formatEnergy(typeof v === 'number' ? v : null, unit)} />
          <Legend />
          <Bar dataKey="previous" name={previousLabel} fill="#cbd5e1" isAnimationActive={false} />
          <Bar dataKey="current" name={currentLabel} fill="#0e7490" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
