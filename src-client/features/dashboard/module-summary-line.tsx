import { format } from 'date-fns';
import { nl } from 'date-fns/locale';
import type { PeakMeasurement } from '@/domain/measurement';
import { coveredUntil, formatChange, formatEnergy, formatNumber, momentLabel, wall } from './format';
import { type Period, coverage, monthsOfData } from './period';

type Coverage = NonNullable<ReturnType<typeof coverage>>;

const span = (c: { from: Date; to: Date }) =>
  `${format(c.from, 'd MMM', { locale: nl })} t/m ${format(new Date(c.to.getTime() - 1), 'd MMM yyyy', { locale: nl })}`;

/**
 * The totals of a module page over equal coverage: this period as far as the data goes, against
 * the same days of the period a year earlier, and only when those days have data.
 */
export function ModuleSummaryLine({
  p,
  unit,
  cover,
  firstDataAt,
  total,
  previousTotal,
  net,
  peak,
}: {
  p: Period;
  unit: string;
  cover: Coverage;
  firstDataAt: string;
  total: number;
  previousTotal: number | null | undefined;
  net: number | null;
  peak: PeakMeasurement | null;
}) {
  const today = wall(new Date());
  const until = cover.whole ? '' : cover.from > p.start ? ` (${span(cover)})` : ` ${coveredUntil(cover.to, today)}`;
  const previousCover = { from: new Date(Math.max(p.previousStart.getTime(), wall(firstDataAt).getTime())), to: new Date(p.start) };
  const change = cover.comparable ? formatChange(total, previousTotal ?? null) : null;
  return (
    <div className="grid gap-1 text-sm">
      {p.period === 'year' && !cover.whole ? (
        <p className="text-muted-foreground">
          {p.currentLabel}: {monthsOfData(cover.from, cover.to)} ({span(cover)})
          {previousCover.to > previousCover.from ? ` · ${p.previousLabel}: ${monthsOfData(previousCover.from, previousCover.to)}` : ''}
        </p>
      ) : null}
      <p>
        Totaal {p.currentLabel}
        {until}: <strong className="tabular-nums">{formatEnergy(total, unit)}</strong>
        {' · '}
        {cover.comparable ? (
          <>
            {p.previousLabel}
            {cover.whole ? '' : ', zelfde dagen'}: <span className="tabular-nums">{formatEnergy(previousTotal, unit)}</span>
            {change ? <strong className="tabular-nums">{` (${change})`}</strong> : null}
          </>
        ) : (
          <span className="text-muted-foreground">geen vergelijking: {p.previousLabel} heeft over deze dagen geen volledige data</span>
        )}
      </p>
      {net !== null ? (
        <p>
          Netto verbruik (verbruik − teruglevering): <strong className="tabular-nums">{formatEnergy(net, unit)}</strong>
        </p>
      ) : null}
      {peak?.kw != null && peak.at ? (
        <p>
          Hoogste kwartiervermogen: <strong className="tabular-nums">{formatNumber(peak.kw)} kW</strong> op {momentLabel(peak.at)}
        </p>
      ) : null}
    </div>
  );
}
