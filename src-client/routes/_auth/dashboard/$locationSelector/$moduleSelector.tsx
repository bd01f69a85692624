import { keepPreviousData } from '@tanstack/react-query';
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { MODULE_SELECTORS, type ModuleSelector, locationIdOf } from '@/domain/dashboard';
import { Button } from '~/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { download, toCsv } from '~/features/dashboard/csv';
import { DashboardPage } from '~/features/dashboard/dashboard-page';
import { EnergyChart } from '~/features/dashboard/energy-chart';
import { bucketLabel, formatEnergy } from '~/features/dashboard/format';
import { loadDashboardLocation } from '~/features/dashboard/location-param';
import { type PeriodSearch, aggregateInputs, openingDay, periodSearchSchema, resolvePeriod } from '~/features/dashboard/period';
import { WeekPicker } from '~/features/period-pickers/week-picker';
import { YearPicker } from '~/features/period-pickers/year-picker';
import { cn } from '~/lib/cn';
import { loadRouteData } from '~/lib/route-data';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/dashboard/$locationSelector/$moduleSelector')({
  validateSearch: periodSearchSchema,
  // The view (chart or table) shows the same data: it is no dependency of the loader.
  loaderDeps: ({ search: { period, year, week, granularity } }) => ({ period, year, week, granularity }),
  loader: async ({ context, params, deps, cause }) => {
    if (!(MODULE_SELECTORS as string[]).includes(params.moduleSelector)) throw notFound();
    const location = await loadDashboardLocation(context.utils, params.locationSelector);
    const module = location.modules.find((m) => m.selector === params.moduleSelector);
    if (!module) throw notFound();
    const { current, previous } = aggregateInputs(module.channelIds, resolvePeriod(deps, openingDay(module.lastDataAt)));
    await loadRouteData(cause, () =>
      Promise.all([context.utils.measurement.aggregate.ensureData(current), context.utils.measurement.aggregate.ensureData(previous)]),
    );
  },
  component: ModulePage,
});

const toggle = (active: boolean) => cn('rounded-md px-3 py-1.5 text-sm', active ? 'bg-primary text-primary-foreground' : 'hover:bg-muted');

function ModulePage() {
  const { user } = Route.useRouteContext();
  const { locationSelector, moduleSelector } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const set = (next: Partial<PeriodSearch>) => void navigate({ search: (s) => ({ ...s, ...next }), replace: true });
  const [location] = trpc.dashboard.location.useSuspenseQuery({ locationId: locationIdOf(locationSelector)! });
  const module = location.modules.find((m) => m.selector === (moduleSelector as ModuleSelector))!;
  const p = resolvePeriod(search, openingDay(module.lastDataAt));
  const inputs = aggregateInputs(module.channelIds, p);
  const current = trpc.measurement.aggregate.useQuery(inputs.current, { placeholderData: keepPreviousData });
  const previous = trpc.measurement.aggregate.useQuery(inputs.previous, { placeholderData: keepPreviousData });
  const sum = (values: (number | null)[] | undefined) => (values && values.some((v) => v !== null) ? values.reduce<number>((s, v) => s + (v ?? 0), 0) : null);
  const rows = (current.data ?? []).map((bucket, i) => ({
    timestamp: bucket.timestamp,
    label: bucketLabel(bucket.timestamp, p.granularity),
    current: sum(bucket.values),
    previous: sum(previous.data?.[i]?.values),
  }));
  const total = (key: 'current' | 'previous') => rows.reduce((s, r) => s + (r[key] ?? 0), 0);

  return (
    <DashboardPage user={user} location={location} title={module.title}>
      <div className="mt-6 grid gap-6 rounded-xl border border-border bg-background p-5 shadow-sm">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="grid gap-3">
            <div role="group" aria-label="Periode" className="flex gap-1">
              <button
                type="button"
                className={toggle(p.period === 'week')}
                aria-pressed={p.period === 'week'}
                onClick={() => set({ period: 'week', granularity: undefined })}
              >
                Week
              </button>
              <button
                type="button"
                className={toggle(p.period === 'year')}
                aria-pressed={p.period === 'year'}
                onClick={() => set({ period: 'year', granularity: undefined })}
              >
                Jaar
              </button>
            </div>
            {p.period === 'week' ? (
              <WeekPicker key={`${p.year}-${p.week}`} value={{ year: p.year, week: p.week }} onChange={({ year, week }) => set({ year, week })} />
            ) : (
              <YearPicker key={p.year} value={p.year} onChange={(year) => set({ year })} />
            )}
          </div>
          <div className="grid justify-items-end gap-3">
            <div role="group" aria-label="Indeling" className="flex gap-1">
              {(p.period === 'week' ? (['hour', 'day'] as const) : (['week', 'month'] as const)).map((g) => (
                <button
                  key={g}
                  type="button"
                  className={toggle(p.granularity === g)}
                  aria-pressed={p.granularity === g}
                  onClick={() => set({ granularity: g })}
                >
                  {{ hour: 'Per uur', day: 'Per dag', week: 'Per week', month: 'Per maand' }[g]}
                </button>
              ))}
            </div>
            <div role="group" aria-label="Weergave" className="flex gap-1">
              {(['grafiek', 'tabel'] as const).map((view) => (
                <button
                  key={view}
                  type="button"
                  className={toggle((search.view ?? 'grafiek') === view)}
                  aria-pressed={(search.view ?? 'grafiek') === view}
                  onClick={() => set({ view })}
                >
                  {view === 'grafiek' ? 'Grafiek' : 'Tabel'}
                </button>
              ))}
              <Button
                variant="outline"
                size="sm"
                disabled={!rows.length}
                onClick={() =>
                  download(
                    `${location.selector}-${moduleSelector}-${p.currentLabel.replace(/\s+/g, '-').toLowerCase()}.csv`,
                    toCsv(rows, module.unit, p.currentLabel, p.previousLabel),
                  )
                }
              >
                <Download aria-hidden className="size-4" />
                CSV
              </Button>
            </div>
          </div>
        </div>
        <p className="text-sm">
          Totaal {p.currentLabel}: <strong className="tabular-nums">{formatEnergy(total('current'), module.unit)}</strong> · {p.previousLabel}:{' '}
          <span className="tabular-nums">{formatEnergy(total('previous'), module.unit)}</span>
        </p>
        {current.isLoading ? (
          <p role="status" className="text-muted-foreground">
            Bezig met laden ...
          </p>
        ) : (search.view ?? 'grafiek') === 'grafiek' ? (
          <EnergyChart rows={rows} unit={module.unit} currentLabel={p.currentLabel} previousLabel={p.previousLabel} />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Periode</TableHead>
                <TableHead className="text-right">{p.currentLabel}</TableHead>
                <TableHead className="text-right">{p.previousLabel}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.timestamp}>
                  <TableCell>{row.label}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatEnergy(row.current, module.unit)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatEnergy(row.previous, module.unit)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </div>
    </DashboardPage>
  );
}
