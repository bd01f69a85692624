import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '~/lib/trpc';
import { MonthPrintBar } from '~/components/month-print-bar';
import type { DashboardLocation, ModuleSummary } from '@/domain/dashboard';
import { alarmSourceLabels } from '@/domain/alarm';
import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import { PriorityBadge } from '~/components/alarms/priority-badge';
import { LoadError } from '~/components/lists/load-error';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { formatInstant } from '~/lib/alarms/format';
import { formatDuration } from '@/lib/duration';
import { monthLabel, monthRange } from './report-period';
import { ReportSummary } from './report-summary';
import './report-print.css';
import { usePageTitle } from '~/components/layout/use-page-title';

/** The report lists at most this many alarms of the month (the list's largest page). */
const LOCATION_REPORT_ALARMS = 100;

const kwh = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 });
const secondsBetween = (from: string, to: string | null) => (to === null ? null : Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000)));

/** One module's total of the month: the sum of its channels' month buckets. */
function ModuleTotal({ module, month }: { module: ModuleSummary; month: string }) {
  const trpc = useTRPC();
  const { from, to } = monthRange(month);
  const total = useQuery(
    trpc.measurement.aggregate.queryOptions({
      channelIds: module.channelIds.join(','),
      granularity: 'month',
      from: `${from}T00:00:00`,
      to: `${to}T00:00:00`,
    }),
  );
  const values = (total.data ?? []).flatMap((b) => b.values).filter((x): x is number => x !== null);
  return (
    <div className="rounded-lg border border-border p-3" data-testid="report-energy">
      <dt className="text-sm text-muted-foreground">{module.title}</dt>
      <dd className="text-xl font-semibold tabular-nums">
        {total.isError ? 'Niet te laden' : !total.data ? '…' : values.length ? `${kwh.format(values.reduce((a, b) => a + b, 0))} ${module.unit}` : '–'}
      </dd>
    </div>
  );
}

/**
 * A printable report of one location and one month: its energy per module beside its alarms of
 * that month with the time to acknowledge and to resolve each; prints on A4 (report-print.css).
 */
export function LocationReportPage({
  dashboard,
  location,
  month,
  onMonth,
}: {
  dashboard: AlarmDashboard;
  location: DashboardLocation;
  month: string;
  onMonth: (month: string) => void;
}) {
  const trpc = useTRPC();
  const alarms = useQuery(
    trpc.alarm.search.queryOptions({
      dashboardId: dashboard.id,
      locationId: location.id,
      ...monthRange(month),
      sort: 'receivedAt,asc',
      size: LOCATION_REPORT_ALARMS,
    }),
  );
  // How fast, over every alarm of the month at this location (the list below shows at most 100).
  const times = useQuery(
    trpc.alarmReport.responseTimes.queryOptions({ dashboardId: dashboard.id, ...monthRange(month), granularity: 'month', locationId: location.id }),
  );
  usePageTitle(`Maandrapport ${location.name}`);
  const list = alarms.data?.alarms ?? [];
  const acknowledged = list.filter((a) => a.acknowledgedAt !== null).length;
  const resolved = list.filter((a) => a.resolvedAt !== null).length;
  return (
    <section data-print-report className="grid max-w-5xl gap-5 print:max-w-none print:gap-3">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight print:text-xl">Maandrapport {location.name}</h1>
        <p className="text-sm text-muted-foreground first-letter:uppercase">
          {monthLabel(month)} · {location.streetAddress}, {location.city} · {dashboard.name}
        </p>
      </header>
      <MonthPrintBar id="location-report-month" month={month} onMonth={onMonth} />
      <section className="grid gap-2">
        <h2 className="text-lg font-semibold">Energie deze maand</h2>
        {location.modules.length === 0 ? (
          <p className="text-sm text-muted-foreground">Deze locatie heeft nog geen meters met meetgegevens.</p>
        ) : (
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
            {location.modules.map((m) => (
              <ModuleTotal key={m.selector} module={m} month={month} />
            ))}
          </dl>
        )}
      </section>
      <section className="grid gap-2">
        <h2 className="text-lg font-semibold">Alarmen deze maand</h2>
        {alarms.isError ? (
          <LoadError error={alarms.error} onRetry={() => void alarms.refetch()} />
        ) : !alarms.data ? (
          <p role="status" className="text-sm text-muted-foreground">
            Bezig met laden ...
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">Geen alarmen voor deze locatie in deze maand.</p>
        ) : (
          <>
            <p className="text-sm" data-testid="report-alarm-counts">
              {list.length} {list.length === 1 ? 'alarm' : 'alarmen'}, {acknowledged} bevestigd, {resolved} opgelost.
              {alarms.data.totalNumberOfPages > 1 ? ` Alleen de eerste ${LOCATION_REPORT_ALARMS} staan hieronder.` : ''}
            </p>
            {times.data?.[0] ? <ReportSummary total={times.data[0]} timesOnly /> : null}
            <div className="overflow-x-auto">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Ontvangen</TableHead>
                    <TableHead>Alarm</TableHead>
                    <TableHead className="text-right">Tot bevestigen</TableHead>
                    <TableHead className="text-right">Tot oplossen</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {list.map((a) => (
                    <TableRow key={a.id} data-testid="report-alarm">
                      <TableCell className="whitespace-nowrap tabular-nums">{formatInstant(a.receivedAt)}</TableCell>
                      <TableCell className="min-w-48">
                        <span className="flex items-start gap-2">
                          <PriorityBadge priority={a.priority} />
                          <span className="break-words">{a.line}</span>
                        </span>
                        <span className="text-xs text-muted-foreground">{alarmSourceLabels[a.source]}</span>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{formatDuration(secondsBetween(a.receivedAt, a.acknowledgedAt))}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatDuration(secondsBetween(a.receivedAt, a.resolvedAt))}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <p className="text-xs text-muted-foreground">
              Per alarm dat in de maand binnenkwam: de tijd van ontvangen tot bevestigen en tot oplossen; – is nog niet gebeurd.
            </p>
          </>
        )}
      </section>
    </section>
  );
}
