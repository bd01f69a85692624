import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { type ListSearch, listSearchSchema } from '~/components/lists/list-search';
import { dashboardSearchInput } from '~/features/alarm-dashboards/dashboard-search';
import { DashboardsPage } from '~/features/alarm-dashboards/dashboards-page';
import { loadRouteData } from '~/lib/route-data';

export const Route = createFileRoute('/_auth/alarms/')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search: { page, q } }) => ({ page, q }),
  loader: async ({ context, deps, cause }) => {
    await loadRouteData(cause, () => context.queryClient.ensureQueryData(context.trpc.alarmDashboard.search.queryOptions(dashboardSearchInput(deps))));
    // An installer with exactly one dashboard has nothing to choose: straight to it.
    if (cause === 'enter' && context.user.type === 'installer' && !deps.q && (deps.page ?? 1) === 1) {
      const { dashboards, totalNumberOfPages } = await context.queryClient.ensureQueryData(
        context.trpc.alarmDashboard.search.queryOptions(dashboardSearchInput(deps)),
      );
      if (dashboards.length === 1 && totalNumberOfPages <= 1) {
        throw redirect({ to: '/alarms/$dashboardId', params: { dashboardId: dashboards[0]!.id }, replace: true });
      }
    }
  },
  component: DashboardsRoute,
});

function DashboardsRoute() {
  const { user } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const onSearchChange = useCallback((next: ListSearch) => void navigate({ search: next }), [navigate]);
  return <DashboardsPage user={user} search={search} onSearchChange={onSearchChange} />;
}
