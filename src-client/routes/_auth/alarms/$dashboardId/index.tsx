import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { todayLocal } from '@/lib/amsterdam';
import { OverviewPage } from '~/features/alarms/overview/overview-page';
import { FailedNotificationsNotice } from '~/features/notifications/failed-notifications-notice';
import { type ChartPeriod, overviewSearchSchema, periodRange } from '~/features/alarms/overview/period';
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
  component: OverviewRoute,
});

function OverviewRoute() {
  const { dashboardId } = Route.useParams();
  const period = Route.useSearch().period ?? 'day';
  const navigate = useNavigate({ from: Route.fullPath });
  const [dashboard] = trpc.alarmDashboard.get.useSuspenseQuery({ dashboardId });
  const [folders] = trpc.alarmFolder.list.useSuspenseQuery({ dashboardId });
  const onPeriod = useCallback((p: ChartPeriod) => void navigate({ search: { period: p }, replace: true }), [navigate]);
  return (
    <div className="grid gap-4">
      <FailedNotificationsNotice dashboardId={dashboardId} />
      <OverviewPage dashboard={dashboard} folders={folders} period={period} onPeriod={onPeriod} />
    </div>
  );
}
