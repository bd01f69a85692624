import { keepPreviousData } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { todayLocal } from '@/lib/amsterdam';
import { PageHeader } from '~/components/layout/page-header';
import { LoadError } from '~/components/lists/load-error';
import { OverviewFigures } from '~/features/alarm-dashboards/overview/figures';
import { CHART_PERIODS, chartPeriodDescriptions, chartPeriodLabels, overviewSearchSchema, periodRange } from '~/features/alarm-dashboards/overview/period';
import { PeriodicChart } from '~/features/alarm-dashboards/overview/periodic-chart';
import { NewAlarmDialog } from '~/features/alarms/new-alarm-dialog';
import { cn } from '~/lib/cn';
import { loadRouteData } from '~/lib/route-data';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/alarms/$dashboardId/')({
  validateSearch: overviewSearchSchema,
  loaderDeps: ({ search: { period } }) => ({ period: period ?? 'day' }),
  loader: ({ context: { utils }, params: { dashboardId }, deps, cause }) =>
    loadRouteData(cause, () =>
      Promise.all([
        utils.alarm.countPerPriority.ensureData({ dashboardId }),
        utils.alarm.assignedCount.ensureData({ dashboardId }),
        utils.alarm.unassignedCount.ensureData({ dashboardId }),
        utils.alarm.periodicCount.ensureData({ dashboardId, ...periodRange(deps.period, todayLocal()) }),
      ]),
    ),
  component: OverviewPage,
});

const toggle = (active: boolean) => cn('rounded-md px-3 py-1.5 text-sm', active ? 'bg-primary text-primary-foreground' : 'hover:bg-muted');

function OverviewPage() {
  const { dashboardId } = Route.useParams();
  const period = Route.useSearch().period ?? 'day';
  const navigate = useNavigate({ from: Route.fullPath });
  const [dashboard] = trpc.alarmDashboard.get.useSuspenseQuery({ dashboardId });
  const [folders] = trpc.alarmFolder.list.useSuspenseQuery({ dashboardId });
  const perPriority = trpc.alarm.countPerPriority.useQuery({ dashboardId });
  const assigned = trpc.alarm.assignedCount.useQuery({ dashboardId });
  const unassigned = trpc.alarm.unassignedCount.useQuery({ dashboardId });
  const periodic = trpc.alarm.periodicCount.useQuery({ dashboardId, ...periodRange(period, todayLocal()) }, { placeholderData: keepPreviousData });
  return (
    <section className="grid [&>:first-child]:mb-0 gap-6">
      <PageHeader
        title="Overzicht"
        description="Openstaande alarmen in de mappen die meetellen."
        actions={<NewAlarmDialog dashboard={dashboard} folders={folders} />}
      />
      <OverviewFigures perPriority={perPriority} assigned={assigned} unassigned={unassigned} />
      <div className="grid gap-4 rounded-xl border border-border bg-background p-5 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold">Alarmen per periode</h2>
            <p className="text-sm text-muted-foreground">{chartPeriodDescriptions[period]}, buiten de prullenbak.</p>
          </div>
          <div role="group" aria-label="Indeling" className="flex gap-1">
            {CHART_PERIODS.map((p) => (
              <button
                key={p}
                type="button"
                className={toggle(p === period)}
                aria-pressed={p === period}
                onClick={() => void navigate({ search: { period: p }, replace: true })}
              >
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
