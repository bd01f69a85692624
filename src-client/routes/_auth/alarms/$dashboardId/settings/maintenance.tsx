import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '~/components/layout/page-header';
import { SectionCard } from '~/components/ui/section-card';
import { SettingsOnly } from '~/features/alarm-dashboards/settings-only';
import { WindowForm } from '~/features/maintenance-windows/window-form';
import { WindowList } from '~/features/maintenance-windows/window-list';
import { canChangeSettings } from '~/lib/alarms/access';
import { useTRPC } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/alarms/$dashboardId/settings/maintenance')({
  loader: ({ context: { trpc, queryClient }, params: { dashboardId } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.alarmDashboard.get.queryOptions({ dashboardId })),
      queryClient.ensureQueryData(trpc.maintenanceWindow.list.queryOptions({ dashboardId })),
    ]),
  component: MaintenancePage,
});

/** Planned outages; everyone of the dashboard reads them, only those who may change settings plan or end them. */
function MaintenancePage() {
  const trpc = useTRPC();
  const { dashboardId } = Route.useParams();
  const { user } = Route.useRouteContext();
  const { data: dashboard } = useSuspenseQuery(trpc.alarmDashboard.get.queryOptions({ dashboardId }));
  const { data: windows } = useSuspenseQuery(trpc.maintenanceWindow.list.queryOptions({ dashboardId }));
  return (
    <section className="grid [&>:first-child]:mb-0 max-w-3xl gap-6">
      <PageHeader
        title="Onderhoud"
        description="Alarmen die tijdens een onderhoudsvenster binnenkomen en bij het patroon passen, gaan meteen naar de map voor afgehandelde alarmen, zonder melding."
      />
      <SettingsOnly user={user} dashboard={dashboard}>
        <SectionCard title="Nieuw onderhoudsvenster">
          <WindowForm dashboardId={dashboardId} />
        </SectionCard>
      </SettingsOnly>
      <SectionCard title="Onderhoudsvensters">
        <WindowList windows={windows} editable={canChangeSettings(user, dashboard)} />
      </SectionCard>
    </section>
  );
}
