import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '~/components/layout/page-header';
import { SettingsOnly } from '~/features/alarm-dashboards/settings-only';
import { ThemeForm } from '~/features/alarm-dashboards/theme-form';
import { useTRPC } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/alarms/$dashboardId/settings/theme')({
  loader: ({ context: { trpc, queryClient }, params: { dashboardId } }) => queryClient.ensureQueryData(trpc.alarmDashboard.get.queryOptions({ dashboardId })),
  component: ThemeSettingsPage,
});

function ThemeSettingsPage() {
  const trpc = useTRPC();
  const { dashboardId } = Route.useParams();
  const { user } = Route.useRouteContext();
  const { data: dashboard } = useSuspenseQuery(trpc.alarmDashboard.get.queryOptions({ dashboardId }));
  return (
    <section className="grid [&>:first-child]:mb-0 max-w-6xl gap-4">
      <PageHeader title="Thema" description="De kleuren van dit dashboard. Het voorbeeld laat zien hoe de kop en de zijbalk eruitzien." />
      <SettingsOnly user={user} dashboard={dashboard}>
        <ThemeForm key={dashboard.id} dashboard={dashboard} />
      </SettingsOnly>
    </section>
  );
}
