import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import type { AlarmFolder } from '@/domain/alarm-folder';
import { todayLocal } from '@/lib/amsterdam';
import { PageHeader } from '~/components/layout/page-header';
import { LoadError } from '~/components/lists/load-error';
import { cn } from '~/lib/cn';
import { useTRPC } from '~/lib/trpc';
import { NewAlarmDialog } from '../new-alarm-dialog';
import { OverviewFigures } from './figures';
import { CHART_PERIODS, type ChartPeriod, chartPeriodDescriptions, chartPeriodLabels, periodRange } from './period';
import { PeriodicChart } from './periodic-chart';

const toggle = (active: boolean) => cn('rounded-md px-3 py-1.5 text-sm', active ? 'bg-primary text-primary-foreground' : 'hover:bg-muted');

/** The dashboard's start page: the open alarms per priority, assigned or not, and the alarms per period. */
export function OverviewPage({
  dashboard,
  folders,
  period,
  onPeriod,
}: {
  dashboard: AlarmDashboard;
  folders: AlarmFolder[];
  period: ChartPeriod;
  onPeriod: (period: ChartPeriod) => void;
}) {
  const trpc = useTRPC();
  const dashboardId = dashboard.id;
  const perPriority = useQuery(trpc.alarm.countPerPriority.queryOptions({ dashboardId }));
  const assigned = useQuery(trpc.alarm.assignedCount.queryOptions({ dashboardId }));
  const unassigned = useQuery(trpc.alarm.unassignedCount.queryOptions({ dashboardId }));
  const periodic = useQuery(
    trpc.alarm.periodicCount.queryOptions({ dashboardId, ...periodRange(period, todayLocal()) }, { placeholderData: keepPreviousData }),
  );
  return (
    <section className="grid [&>:first-child]:mb-0 gap-6">
      <PageHeader
        title="Overzicht"
        description="Openstaande alarmen in de mappen die meetellen."
        actions={<NewAlarmDialog dashboard={dashboard} folders={folders} />}
      />
      <OverviewFigures dashboardId={dashboardId} perPriority={perPriority} assigned={assigned} unassigned={unassigned} />
      <div className="grid gap-4 rounded-xl border border-border bg-background p-5 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold">Alarmen per periode</h2>
            <p className="text-sm text-muted-foreground">{chartPeriodDescriptions[period]}, buiten de prullenbak.</p>
          </div>
          <div role="group" aria-label="Indeling" className="flex gap-1">
            {CHART_PERIODS.map((p) => (
              <button key={p} type="button" className={toggle(p === period)} aria-pressed={p === period} onClick={() => onPeriod(p)}>
                {chartPeriodLabels[p]}
              </button>
            ))}
          </div>
        </div>
        {periodic.isError && !periodic.data ? (
          <LoadError error={periodic.error} onRetry={() => void periodic.refetch()} />
        ) : periodic.data ? (
          <PeriodicChart buckets={periodic.data} period={period} />
        ) : (
          <p role="status" className="text-muted-foreground">
            Bezig met laden ...
          </p>
        )}
      </div>
    </section>
  );
}
