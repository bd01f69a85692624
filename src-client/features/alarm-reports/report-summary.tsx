import type { ResponseTimeItem } from '@/domain/alarm-report';
import { formatDuration } from '@/lib/duration';

const share = (part: number, whole: number) => (whole ? ` (${Math.round((part / whole) * 100)}%)` : '');

/** The month's key figures: how many alarms, how many handled, and how fast (`timesOnly`: how fast). */
export function ReportSummary({ total, timesOnly = false }: { total: ResponseTimeItem; timesOnly?: boolean }) {
  const all = [
    ['Binnengekomen', String(total.raised)],
    ['Bevestigd', `${total.acknowledged}${share(total.acknowledged, total.raised)}`],
    ['Opgelost', `${total.resolved}${share(total.resolved, total.raised)}`],
    ['Bevestigd binnen (mediaan / p90)', `${formatDuration(total.ackMedianSeconds)} / ${formatDuration(total.ackP90Seconds)}`],
    ['Opgelost binnen (mediaan / p90)', `${formatDuration(total.resolveMedianSeconds)} / ${formatDuration(total.resolveP90Seconds)}`],
  ];
  const figures = timesOnly ? all.slice(3) : all;
  return (
    <dl
      data-testid="report-summary"
      className={timesOnly ? 'grid grid-cols-2 gap-3 print:gap-2' : 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5 print:grid-cols-5 print:gap-2'}
    >
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-border p-3 print:p-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums print:text-sm">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
