import { createFileRoute } from '@tanstack/react-router';
import { AlarmLayout } from '~/features/alarm-area/alarm-layout';
import { parseIdParam } from '~/lib/id-param';
import { loadOrNotFound } from '~/lib/load-or-not-found';
import { trpc } from '~/lib/trpc';

/** One dashboard: its layout with the folders, and the live console while it is open. */
export const Route = createFileRoute('/_auth/alarms/$dashboardId')({
  params: {
    parse: ({ dashboardId }) => ({ dashboardId: parseIdParam(dashboardId) }),
    stringify: ({ dashboardId }) => ({ dashboardId: String(dashboardId) }),
  },
  loader: ({ context, params: { dashboardId } }) =>
    loadOrNotFound(() =>
      Promise.all([
        context.utils.alarmDashboard.get.ensureData({ dashboardId }),
        context.utils.alarmFolder.list.ensureData({ dashboardId }),
        context.utils.alarmFolder.counts.ensureData({ dashboardId }),
      ]),
    ),
  component: DashboardLayout,
});

function DashboardLayout() {
  const { dashboardId } = Route.useParams();
  const { user } = Route.useRouteContext();
  const [dashboard] = trpc.alarmDashboard.get.useSuspenseQuery({ dashboardId });
  const [folders] = trpc.alarmFolder.list.useSuspenseQuery({ dashboardId });
  return <AlarmLayout user={user} dashboard={dashboard} folders={folders} />;
}
