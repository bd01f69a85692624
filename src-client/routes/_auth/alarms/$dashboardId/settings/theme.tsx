import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '~/components/layout/page-header';
import { SettingsOnly } from '~/features/alarm-dashboards/settings-only';
import { ThemeForm } from '~/features/alarm-dashboards/theme-form';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/alarms/$dashboardId/settings/theme')({
  loader: ({ context: { utils }, params: { dashboardId } }) => utils.alarmDashboard.get.ensureData({ dashboardId }),
  component: ThemeSettingsPage,
});

function ThemeSettingsPage() {
  const { dashboardId } = Route.useParams();
  const { user } = Route.useRouteContext();
  const [dashboard] = trpc.alarmDashboard.get.useSuspenseQuery({ dashboardId });
  return (
    <section className="grid [&>:first-child]:mb-0 max-w-6xl gap-4">
      <PageHeader title="Thema" description="De kleuren van dit dashboard. Het voorbeeld laat zien hoe de kop en de zijbalk eruitzien." />
      <SettingsOnly user={user} dashboard={dashboard}>
        <ThemeForm key={dashboard.id} dashboard={dashboard} />
      </SettingsOnly>
    </section>
  );
}
