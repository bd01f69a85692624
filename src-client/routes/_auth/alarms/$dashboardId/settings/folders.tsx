import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '~/components/layout/page-header';
import { SettingsOnly } from '~/features/alarm-dashboards/settings-only';
import { FolderList } from '~/features/alarm-folders/folder-list';
import { loadDashboardAndFolders, useDashboardAndFolders } from '~/lib/alarms/dashboard-data';

export const Route = createFileRoute('/_auth/alarms/$dashboardId/settings/folders')({
  loader: ({ context, params: { dashboardId } }) => loadDashboardAndFolders(context, dashboardId),
  component: FolderSettingsPage,
});

function FolderSettingsPage() {
  const { dashboardId } = Route.useParams();
  const { user } = Route.useRouteContext();
  const { dashboard, folders } = useDashboardAndFolders(dashboardId);
  return (
    <section className="grid [&>:first-child]:mb-0 max-w-4xl gap-4">
      <PageHeader title="Mappen" description="De mappen in de zijbalk, hun volgorde, pictogram en telling." />
      <SettingsOnly user={user} dashboard={dashboard}>
        <FolderList dashboardId={dashboardId} folders={folders} />
      </SettingsOnly>
    </section>
  );
}
