import type { ReactElement } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { ResponseTimeItem } from '@/domain/alarm-report';
import { chartUnit, roundTicks } from './duration';
import { usePrintMedia } from './use-print-media';

type Row = ResponseTimeItem & { label: string };

const axis = { tick: { fontSize: 11 }, interval: 'preserveStartEnd' as const, minTickGap: 8 };
const legend = (value: string) => <span className="text-xs text-foreground">{value}</span>;
/** Legends in the order the series are drawn, not alphabetically. */
const drawOrder = (keys: readonly string[]) => (item: { dataKey?: unknown }) => keys.indexOf(String(item.dataKey));

/**
 * A4 portrait between 12 mm margins is ~700 CSS px wide: in print the two charts stand side by side
 * at this fixed size instead of measuring, so a month per day (31 rows of figures) still fits one page.
 */
const PRINT = { width: 340, height: 170 };

function Frame({ label, children }: { label: string; children: (size: { width?: number; height?: number }) => ReactElement }) {
  const print = usePrintMedia();
  return (
    <div className="h-56 w-full print:h-auto" role="img" aria-label={label}>
      {print ? (
        children(PRINT)
      ) : (
        <ResponsiveContainer width="100%" height="100%">
          {children({})}
        </ResponsiveContainer>
      )}
    </div>
  );
}

/** Raised, acknowledged and resolved per bucket, side by side. Charts never animate: print and screenshots show them complete. */
export function CountsChart({ rows }: { rows: Row[] }) {
  const raised = rows.reduce((sum, r) => sum + r.raised, 0);
  return (
    <figure className="grid gap-1">
      <figcaption className="text-sm font-medium">Aantallen</figcaption>
      <Frame label={`Staafdiagram: ${raised} alarmen binnengekomen, met hoeveel daarvan zijn bevestigd en opgelost.`}>
        {(size) => (
          <BarChart {...size} data={rows} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" {...axis} />
            <YAxis tick={{ fontSize: 11 }} width={36} allowDecimals={false} />
            <Legend formatter={legend} itemSorter={drawOrder(['raised', 'acknowledged', 'resolved'])} />
            <Bar dataKey="raised" name="Binnengekomen" fill="#64748b" isAnimationActive={false} />
            <Bar dataKey="acknowledged" name="Bevestigd" fill="#0e7490" isAnimationActive={false} />
            <Bar dataKey="resolved" name="Opgelost" fill="#16a34a" isAnimationActive={false} />
          </BarChart>
        )}
      </Frame>
    </figure>
  );
}

const times = [
  { key: 'ackMedianSeconds', name: 'Bevestigen, mediaan', colour: '#0e7490', dash: undefined },
  { key: 'ackP90Seconds', name: 'Bevestigen, p90', colour: '#0e7490', dash: '5 4' },
  { key: 'resolveMedianSeconds', name: 'Oplossen, mediaan', colour: '#16a34a', dash: undefined },
  { key: 'resolveP90Seconds', name: 'Oplossen, p90', colour: '#16a34a', dash: '5 4' },
] as const;

/** Median and p90 of the time to acknowledge and to resolve, in minutes or hours; a bucket without a figure leaves a gap. */
export function TimesChart({ rows }: { rows: Row[] }) {
  const max = Math.max(0, ...rows.flatMap((r) => times.map((t) => r[t.key] ?? 0)));
  const unit = chartUnit(max);
  const ticks = roundTicks(max / unit.divisor);
  const data = rows.map((r) => ({ label: r.label, ...Object.fromEntries(times.map((t) => [t.key, r[t.key] === null ? null : r[t.key]! / unit.divisor])) }));
  return (
    <figure className="grid gap-1">
      <figcaption className="text-sm font-medium">Reactietijden in {unit.label}</figcaption>
      <Frame label={`Lijndiagram: mediaan en p90 van de tijd tot bevestigen en tot oplossen, in ${unit.label}.`}>
        {(size) => (
          <LineChart {...size} data={data} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" {...axis} />
            <YAxis
              tick={{ fontSize: 11 }}
              width={36}
              ticks={ticks}
              domain={[0, ticks.at(-1)!]}
              interval={0}
              tickFormatter={(n: number) => n.toLocaleString('nl-NL', { maximumFractionDigits: 2 })}
            />
            <Legend formatter={legend} itemSorter={drawOrder(times.map((t) => t.key))} />
            {times.map((t) => (
              <Line key={t.key} dataKey={t.key} name={t.name} stroke={t.colour} strokeDasharray={t.dash} dot={{ r: 2 }} isAnimationActive={false} />
            ))}
          </LineChart>
        )}
      </Frame>
    </figure>
  );
}
