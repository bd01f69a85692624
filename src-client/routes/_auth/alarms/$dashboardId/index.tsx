import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { todayLocal } from '@/lib/amsterdam';
import { OverviewPage } from '~/features/alarms/overview/overview-page';
import { type ChartPeriod, overviewSearchSchema, periodRange } from '~/features/alarms/overview/period';
import { FailedNotificationsNotice } from '~/features/notifications/failed-notifications-notice';
import { useDashboardAndFolders } from '~/lib/alarms/dashboard-data';
import { loadRouteData } from '~/lib/route-data';

export const Route = createFileRoute('/_auth/alarms/$dashboardId/')({
  validateSearch: overviewSearchSchema,
  loaderDeps: ({ search: { period } }) => ({ period: period ?? 'day' }),
  loader: ({ context: { trpc, queryClient }, params: { dashboardId }, deps, cause }) =>
    loadRouteData(cause, () =>
      Promise.all([
        queryClient.ensureQueryData(trpc.alarm.countPerPriority.queryOptions({ dashboardId })),
        queryClient.ensureQueryData(trpc.alarm.assignedCount.queryOptions({ dashboardId })),
        queryClient.ensureQueryData(trpc.alarm.unassignedCount.queryOptions({ dashboardId })),
        queryClient.ensureQueryData(trpc.alarm.periodicCount.queryOptions({ dashboardId, ...periodRange(deps.period, todayLocal()) })),
      ]),
    ),
  component: OverviewRoute,
});

function OverviewRoute() {
  const { dashboardId } = Route.useParams();
  const period = Route.useSearch().period ?? 'day';
  const navigate = useNavigate({ from: Route.fullPath });
  const { dashboard, folders } = useDashboardAndFolders(dashboardId);
  const onPeriod = useCallback((p: ChartPeriod) => void navigate({ search: { period: p }, replace: true }), [navigate]);
  return (
    <div className="grid gap-4">
      <FailedNotificationsNotice dashboardId={dashboardId} />
      <OverviewPage dashboard={dashboard} folders={folders} period={period} onPeriod={onPeriod} />
    </div>
  );
}
