import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { PRIORITIES, priorityLabels } from '@/domain/alarm-dashboard';
import { priorityStyles } from '~/components/alarms/priority-badge';
import { type ChartPeriod, bucketLabel } from './period';

interface Bucket {
  date: string;
  low: number;
  medium: number;
  high: number;
}

const keys = { LOW: 'low', MEDIUM: 'medium', HIGH: 'high' } as const;
const order = (item: { dataKey?: unknown }) => ['low', 'medium', 'high'].indexOf(String(item.dataKey));

/** Alarms per bucket, stacked by priority (low at the bottom). */
export function PeriodicChart({ buckets, period }: { buckets: Bucket[]; period: ChartPeriod }) {
  const rows = buckets.map((b) => ({ ...b, label: bucketLabel(b.date, period) }));
  const total = buckets.reduce((sum, b) => sum + b.low + b.medium + b.high, 0);
  return (
    <figure className="grid gap-2">
      <div
        className="h-72 w-full"
        data-testid="periodic-chart"
        role="img"
        aria-label={`Staafdiagram: ${total} alarmen in deze periode, per prioriteit gestapeld.`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={12} />
            <YAxis tick={{ fontSize: 12 }} width={40} allowDecimals={false} />
            <Tooltip cursor={{ fill: 'rgba(148, 163, 184, 0.15)' }} itemSorter={(item) => -order(item)} />
            <Legend itemSorter={order} formatter={(value) => <span className="text-foreground">{value}</span>} />
            {PRIORITIES.map((p) => (
              <Bar key={p} dataKey={keys[p]} name={priorityLabels[p]} stackId="alarms" fill={priorityStyles[p].chart} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">Aantal alarmen per periode, gestapeld naar prioriteit Laag, Normaal en Hoog.</figcaption>
    </figure>
  );
}
