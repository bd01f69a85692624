import { useTRPC } from '~/lib/trpc';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import { priorityLabels } from '@/domain/alarm-dashboard';
import { PageHeader } from '~/components/layout/page-header';
import { LoadError } from '~/components/lists/load-error';
import { CountsChart, TimesChart } from './report-charts';
import { type ReportChoice, ReportControls } from './report-controls';
import { bucketLabel, monthLabel, monthRange } from './report-period';
import './report-print.css';
import { ReportSummary } from './report-summary';
import { ReportTable } from './report-table';

/**
 * The monthly response-time report: key figures, charts and table of one month, per day or week.
 * On screen with its controls; printed (report-print.css) as one A4 page with the dashboard's name,
 * per day as per week: the charts side by side and the table set tight.
 */
export function ReportPage({
  dashboard,
  choice,
  onChange,
}: {
  dashboard: AlarmDashboard;
  choice: ReportChoice;
  onChange: (next: Partial<ReportChoice>) => void;
}) {
  const trpc = useTRPC();
  const query = { dashboardId: dashboard.id, ...monthRange(choice.month), priority: choice.priority };
  const buckets = useQuery(trpc.alarmReport.responseTimes.queryOptions({ ...query, granularity: choice.granularity }, { placeholderData: keepPreviousData }));
  const month = useQuery(trpc.alarmReport.responseTimes.queryOptions({ ...query, granularity: 'month' }, { placeholderData: keepPreviousData }));
  const rows = buckets.data?.map((b) => ({ ...b, label: bucketLabel(b.date, choice.granularity) }));
  const period = `${monthLabel(choice.month)}${choice.priority ? `, prioriteit ${priorityLabels[choice.priority].toLowerCase()}` : ''}`;
  const failed = buckets.isError ? buckets : month.isError ? month : null;
  return (
    <section data-print-report className="grid [&>:first-child]:mb-0 max-w-5xl gap-5 print:max-w-none print:gap-3">
      <div data-print-hidden>
        <PageHeader title="Reactietijden" description="Hoe snel alarmen zijn bevestigd en opgelost, per maand; alarmen in de prullenbak tellen niet mee." />
      </div>
      <header className="hidden print:block">
        <h1 className="text-xl font-semibold">Reactietijden {dashboard.name}</h1>
        <p className="text-sm text-muted-foreground">
          {dashboard.organization.name} · {period}
        </p>
      </header>
      <ReportControls choice={choice} onChange={onChange} />
      <h2 className="text-lg font-semibold first-letter:uppercase print:hidden">{period}</h2>
      {failed ? (
        <LoadError error={failed.error} onRetry={() => void failed.refetch()} />
      ) : rows && month.data?.[0] ? (
        <>
          <ReportSummary total={month.data[0]} />
          <div className="grid gap-4 lg:grid-cols-2 print:grid-cols-2 print:gap-2">
            <CountsChart rows={rows} />
            <TimesChart rows={rows} />
          </div>
          {/* Split by month the one row is the month's total already. */}
          <ReportTable rows={rows} total={choice.granularity === 'month' ? undefined : month.data[0]} />
          <p className="text-xs text-muted-foreground">
            Per alarm dat in de periode binnenkwam: de tijd tot bevestigen en tot oplossen. Mediaan: de helft was sneller; p90: negen op de tien waren sneller.
          </p>
        </>
      ) : (
        <p role="status" className="text-muted-foreground">
          Bezig met laden ...
        </p>
      )}
    </section>
  );
}
