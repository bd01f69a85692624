import { createFileRoute } from '@tanstack/react-router';
import { SourcesPage } from '~/features/mail-sources/sources-page';
import { useDashboardAndFolders } from '~/lib/alarms/dashboard-data';
import { loadRouteData } from '~/lib/route-data';

/** `emails/sources`: the dashboard's mailboxes. A failed list shows in the page (LoadError), not as an error page. */
export const Route = createFileRoute('/_auth/alarms/$dashboardId/emails/sources')({
  loader: ({ context: { trpc, queryClient }, params: { dashboardId }, cause }) =>
    loadRouteData(cause, () => queryClient.ensureQueryData(trpc.mailSource.list.queryOptions({ dashboardId })).catch(() => undefined)),
  component: SourcesRoute,
});

function SourcesRoute() {
  const { dashboardId } = Route.useParams();
  const { user } = Route.useRouteContext();
  const { dashboard, folders } = useDashboardAndFolders(dashboardId);
  return <SourcesPage user={user} dashboard={dashboard} folders={folders} />;
}
