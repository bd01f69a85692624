import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { type ListSearch, listSearchSchema } from '~/components/lists/list-search';
import { dashboardSearchInput } from '~/features/alarm-dashboards/dashboard-search';
import { DashboardsPage } from '~/features/alarm-dashboards/dashboards-page';
import { loadRouteData } from '~/lib/route-data';

export const Route = createFileRoute('/_auth/alarms/')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search: { page, q } }) => ({ page, q }),
  loader: ({ context, deps, cause }) => loadRouteData(cause, () => context.utils.alarmDashboard.search.ensureData(dashboardSearchInput(deps))),
  component: DashboardsRoute,
});

function DashboardsRoute() {
  const { user } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const onSearchChange = useCallback((next: ListSearch) => void navigate({ search: next }), [navigate]);
  return <DashboardsPage user={user} search={search} onSearchChange={onSearchChange} />;
}
