import { createFileRoute } from '@tanstack/react-router';
import { SourcesPage } from '~/features/mail-sources/sources-page';
import { loadRouteData } from '~/lib/route-data';
import { trpc } from '~/lib/trpc';

/** `emails/sources`: the dashboard's mailboxes. A failed list shows in the page (LoadError), not as an error page. */
export const Route = createFileRoute('/_auth/alarms/$dashboardId/emails/sources')({
  loader: ({ context: { utils }, params: { dashboardId }, cause }) =>
    loadRouteData(cause, () => utils.mailSource.list.ensureData({ dashboardId }).catch(() => undefined)),
  component: SourcesRoute,
});

function SourcesRoute() {
  const { dashboardId } = Route.useParams();
  const { user } = Route.useRouteContext();
  const [dashboard] = trpc.alarmDashboard.get.useSuspenseQuery({ dashboardId });
  const [folders] = trpc.alarmFolder.list.useSuspenseQuery({ dashboardId });
  return <SourcesPage user={user} dashboard={dashboard} folders={folders} />;
}
