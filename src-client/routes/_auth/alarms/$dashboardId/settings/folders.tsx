import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '~/components/layout/page-header';
import { SettingsOnly } from '~/features/alarm-dashboards/settings-only';
import { FolderList } from '~/features/alarm-folders/folder-list';
import { useTRPC } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/alarms/$dashboardId/settings/folders')({
  loader: ({ context: { trpc, queryClient }, params: { dashboardId } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.alarmDashboard.get.queryOptions({ dashboardId })),
      queryClient.ensureQueryData(trpc.alarmFolder.list.queryOptions({ dashboardId })),
    ]),
  component: FolderSettingsPage,
});

function FolderSettingsPage() {
  const trpc = useTRPC();
  const { dashboardId } = Route.useParams();
  const { user } = Route.useRouteContext();
  const { data: dashboard } = useSuspenseQuery(trpc.alarmDashboard.get.queryOptions({ dashboardId }));
  const { data: folders } = useSuspenseQuery(trpc.alarmFolder.list.queryOptions({ dashboardId }));
  return (
    <section className="grid [&>:first-child]:mb-0 max-w-4xl gap-4">
      <PageHeader title="Mappen" description="De mappen in de zijbalk, hun volgorde, pictogram en telling." />
      <SettingsOnly user={user} dashboard={dashboard}>
        <FolderList dashboardId={dashboardId} folders={folders} />
      </SettingsOnly>
    </section>
  );
}
