import { createFileRoute } from '@tanstack/react-router';
import { AlarmLayout } from '~/features/alarm-area/alarm-layout';
import { ViewsNav } from '~/features/alarm-views/views-nav';
import { loadDashboardAndFolders, useDashboardAndFolders } from '~/lib/alarms/dashboard-data';
import { parseIdParam } from '~/lib/id-param';
import { loadOrNotFound } from '~/lib/load-or-not-found';

/** One dashboard: its layout with the folders, and the live console while it is open. */
export const Route = createFileRoute('/_auth/alarms/$dashboardId')({
  params: {
    parse: ({ dashboardId }) => ({ dashboardId: parseIdParam(dashboardId) }),
    stringify: ({ dashboardId }) => ({ dashboardId: String(dashboardId) }),
  },
  loader: ({ context, params: { dashboardId } }) =>
    loadOrNotFound(() =>
      Promise.all([
        loadDashboardAndFolders(context, dashboardId),
        context.queryClient.ensureQueryData(context.trpc.alarmFolder.counts.queryOptions({ dashboardId })),
      ]),
    ),
  component: DashboardLayout,
});

function DashboardLayout() {
  const { dashboardId } = Route.useParams();
  const { user } = Route.useRouteContext();
  const { dashboard, folders } = useDashboardAndFolders(dashboardId);
  return <AlarmLayout user={user} dashboard={dashboard} folders={folders} views={<ViewsNav dashboardId={dashboardId} />} />;
}
