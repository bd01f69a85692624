import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ModuleSummary } from '@/domain/dashboard';
import { toCsv } from '@/lib/csv';
import { Button } from '~/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { download } from '~/lib/download';
import { useTRPC } from '~/lib/trpc';
import { EnergyChart } from './energy-chart';
import { forecastDates, useForecastPoints } from './forecast-rows';
import { NO_DATA, apiTime, formatEnergy, formatNumber, formatRange, freshness, wall } from './format';
import { ModuleSummaryLine } from './module-summary-line';
import { type ModuleRow, csvColumns, moduleRows, peakMoment } from './module-rows';
import { type Period, type PeriodSearch, aggregateInputs, coverage, openingDay, resolvePeriod } from './period';
import { toggle } from './toggle';

const forecastCell = (row: ModuleRow, unit: string) =>
  row.forecast === null ? '–' : `${formatEnergy(row.forecast, unit)}${row.band ? ` (${formatRange(row.band[0], row.band[1], unit)})` : ''}`;

/**
 * A module page: the chosen week or year against a year earlier, as chart or table, with totals
 * over equal coverage, feed-in and net use where the location exports, and peak demand for
 * electricity; an empty period says so and offers the latest period with data.
 */
export function ModuleView({
  location,
  module,
  feedInChannelIds,
  search,
  set,
  controls,
}: {
  location: { selector: string };
  module: ModuleSummary;
  feedInChannelIds: number[] | null;
  search: PeriodSearch;
  set: (next: Partial<PeriodSearch>) => void;
  /** The period choice with its pickers (a route's, since features do not import each other). */
  controls: (p: Period) => ReactNode;
}) {
  const trpc = useTRPC();
  const p = resolvePeriod(search, openingDay(module.lastDataAt));
  const inputs = aggregateInputs(module.channelIds, p);
  const withPeaks = module.unit === 'kWh';
  const cover = coverage(p, module.firstDataAt, module.latestDay ? wall(module.latestDay.to) : null);
  const current = useQuery(trpc.measurement.aggregate.queryOptions(inputs.current, { placeholderData: keepPreviousData }));
  const previous = useQuery(trpc.measurement.aggregate.queryOptions(inputs.previous, { placeholderData: keepPreviousData }));
  const feedIn = useQuery(
    trpc.measurement.aggregate.queryOptions(
      { ...inputs.current, channelIds: (feedInChannelIds ?? []).join(',') },
      { enabled: Boolean(feedInChannelIds?.length && cover), placeholderData: keepPreviousData },
    ),
  );
  const peakGranularity = p.granularity === 'hour' ? 'day' : p.granularity;
  const peaks = useQuery(trpc.measurement.peaks.queryOptions({ ...inputs.current, granularity: peakGranularity }, { enabled: withPeaks && Boolean(cover) }));
  const previousSpan = cover && !cover.whole ? { from: apiTime(cover.previous.from), to: apiTime(cover.previous.to) } : inputs.previous;
  const previousTotal = useQuery(
    trpc.measurement.sumTotal.queryOptions({ channelIds: inputs.current.channelIds, ...previousSpan }, { enabled: Boolean(cover?.comparable) }),
  );

  const forecasts = useForecastPoints(module.channelIds, forecastDates(p, module.firstDataAt, module.lastDataAt), p.granularity === 'hour');
  const rows = moduleRows(
    p.granularity,
    current.data ?? [],
    previous.data,
    feedInChannelIds ? feedIn.data : undefined,
    p.granularity === 'hour' ? undefined : peaks.data,
    forecasts,
  );
  const withForecast = rows.some((r) => r.forecast !== null);
  const total = rows.reduce((s, r) => s + (r.current ?? 0), 0);
  const net = feedInChannelIds && feedIn.data ? rows.reduce((s, r) => s + (r.current ?? 0) - (r.feedIn ?? 0), 0) : null;
  const peak = (peaks.data ?? []).reduce<(typeof rows)[number]['peak']>((best, x) => (x.kw !== null && (best?.kw ?? -1) < x.kw ? x : best), null);
  const view = search.view ?? 'grafiek';
  const withFeedIn = Boolean(feedInChannelIds);
  const perRowPeak = withPeaks && p.granularity !== 'hour';
  const hasData = Boolean(cover) && rows.some((r) => r.current !== null);

  return (
    <div className="mt-6 grid gap-6 rounded-xl border border-border bg-background p-5 shadow-sm">
      <div className="flex flex-wrap items-end justify-between gap-4">
        {controls(p)}
        <div className="grid justify-items-end gap-3">
          <div role="group" aria-label="Indeling" className="flex gap-1">
            {(p.period === 'week' ? (['hour', 'day'] as const) : (['week', 'month'] as const)).map((g) => (
              <button key={g} type="button" className={toggle(p.granularity === g)} aria-pressed={p.granularity === g} onClick={() => set({ granularity: g })}>
                {{ hour: 'Per uur', day: 'Per dag', week: 'Per week', month: 'Per maand' }[g]}
              </button>
            ))}
          </div>
          <div role="group" aria-label="Weergave" className="flex gap-1">
            {(['grafiek', 'tabel'] as const).map((v) => (
              <button key={v} type="button" className={toggle(view === v)} aria-pressed={view === v} onClick={() => set({ view: v })}>
                {v === 'grafiek' ? 'Grafiek' : 'Tabel'}
              </button>
            ))}
            <Button
              variant="outline"
              size="sm"
              disabled={!hasData}
              onClick={() =>
                download(
                  `${location.selector}-${module.selector}-${p.currentLabel.replace(/\s+/g, '-').toLowerCase()}.csv`,
                  toCsv(rows, csvColumns(module.unit, p.currentLabel, p.previousLabel, withFeedIn, perRowPeak, withForecast)),
                )
              }
            >
              <Download aria-hidden className="size-4" />
              CSV
            </Button>
          </div>
        </div>
      </div>
      <p className="text-xs text-muted-foreground">{freshness(module.lastDataAt)}</p>
      {current.isLoading ? (
        <p role="status" className="text-muted-foreground">
          Bezig met laden ...
        </p>
      ) : !hasData || !cover ? (
        <div className="grid justify-items-start gap-3 rounded-lg border border-dashed border-border p-6">
          <p className="font-medium">{NO_DATA}</p>
          {module.lastDataAt ? (
            <Button variant="outline" onClick={() => set({ year: undefined, week: undefined })}>
              Naar de laatste {p.period === 'week' ? 'week' : 'jaar'} met data
            </Button>
          ) : null}
        </div>
      ) : (
        <>
          <ModuleSummaryLine
            p={p}
            unit={module.unit}
            cover={cover}
            firstDataAt={module.firstDataAt!}
            total={total}
            previousTotal={previousTotal.data}
            net={net}
            peak={peak}
          />
          {view === 'grafiek' ? (
            <EnergyChart rows={rows} unit={module.unit} currentLabel={p.currentLabel} previousLabel={p.previousLabel} hourly={p.granularity === 'hour'} />
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Periode</TableHead>
                  <TableHead className="text-right">{p.currentLabel}</TableHead>
                  <TableHead className="text-right">{p.previousLabel}</TableHead>
                  {withForecast ? <TableHead className="text-right">Verwachting</TableHead> : null}
                  {withFeedIn ? <TableHead className="text-right">Teruglevering</TableHead> : null}
                  {withFeedIn ? <TableHead className="text-right">Netto</TableHead> : null}
                  {perRowPeak ? <TableHead className="text-right">Piek (kW)</TableHead> : null}
                  {perRowPeak ? <TableHead>Piekmoment</TableHead> : null}
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.timestamp}>
                    <TableCell>{row.title}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatEnergy(row.current, module.unit)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatEnergy(row.previous, module.unit)}</TableCell>
                    {withForecast ? <TableCell className="text-right tabular-nums">{forecastCell(row, module.unit)}</TableCell> : null}
                    {withFeedIn ? <TableCell className="text-right tabular-nums">{formatEnergy(row.feedIn, module.unit)}</TableCell> : null}
                    {withFeedIn ? <TableCell className="text-right tabular-nums">{formatEnergy(row.net, module.unit)}</TableCell> : null}
                    {perRowPeak ? <TableCell className="text-right tabular-nums">{row.peak?.kw != null ? formatNumber(row.peak.kw) : '–'}</TableCell> : null}
                    {perRowPeak ? <TableCell>{peakMoment(row.peak)}</TableCell> : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </div>
  );
}
