import type { SpanFigure } from '@/domain/dashboard';
import { NO_DATA, formatChange, formatEnergy } from './format';

/**
 * One headline: its label says what it covers ('Deze week t/m gisteren'), the value or
 * 'Nog geen data voor deze periode', and the change against the same span a week earlier only when
 * that span has data.
 */
export function Figure({
  label,
  figure,
  unit,
  compareLabel,
}: {
  label: string;
  figure: Pick<SpanFigure, 'value' | 'previous'>;
  unit: string;
  compareLabel?: string;
}) {
  const change = formatChange(figure.value, figure.previous);
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      {figure.value === null ? (
        <dd className="mt-1 text-sm text-muted-foreground">{NO_DATA}</dd>
      ) : (
        <dd>
          <span className="text-xl font-semibold whitespace-nowrap tabular-nums">{formatEnergy(figure.value, unit)}</span>
          {change ? <span className="ml-2 text-sm font-medium whitespace-nowrap tabular-nums">{change}</span> : null}
          {compareLabel && figure.previous !== null ? (
            <span className="block text-xs text-muted-foreground">
              {compareLabel}: <span className="tabular-nums">{formatEnergy(figure.previous, unit)}</span>
            </span>
          ) : null}
        </dd>
      )}
    </div>
  );
}

/** Seven days as small bars; a day without data leaves a gap. */
export function Sparkline({ days, label }: { days: { date: string; value: number | null }[]; label: string }) {
  const top = Math.max(...days.map((d) => d.value ?? 0), 0) || 1;
  const width = 8;
  const gap = 3;
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${days.length * (width + gap)} 32`} className="h-8 w-24" preserveAspectRatio="none">
      {days.map((d, i) => {
        const h = d.value === null ? 0 : Math.max(1, (d.value / top) * 32);
        return <rect key={d.date} x={i * (width + gap)} y={32 - h} width={width} height={h} rx={1} className="fill-primary" />;
      })}
    </svg>
  );
}
