import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '~/components/layout/page-header';
import { SectionCard } from '~/components/ui/section-card';
import { BrandingUpload } from '~/features/alarm-dashboards/branding-upload';
import { CustomizableToggle } from '~/features/alarm-dashboards/customizable-toggle';
import { DefaultsForm } from '~/features/alarm-dashboards/defaults-form';
import { SettingsOnly } from '~/features/alarm-dashboards/settings-only';
import { loadDashboardAndFolders, useDashboardAndFolders } from '~/lib/alarms/dashboard-data';

export const Route = createFileRoute('/_auth/alarms/$dashboardId/settings/alarms')({
  loader: ({ context, params: { dashboardId } }) => loadDashboardAndFolders(context, dashboardId),
  component: AlarmSettingsPage,
});

function AlarmSettingsPage() {
  const { dashboardId } = Route.useParams();
  const { user } = Route.useRouteContext();
  const { dashboard, folders } = useDashboardAndFolders(dashboardId);
  return (
    <section className="grid [&>:first-child]:mb-0 max-w-3xl gap-6">
      <PageHeader title="Alarminstellingen" description="Standaardwaarden voor nieuwe alarmen en het logo van het dashboard." />
      <SettingsOnly user={user} dashboard={dashboard}>
        <SectionCard title="Standaardwaarden">
          <DefaultsForm key={`${dashboard.settings.defaultPriority}-${dashboard.settings.defaultFolderId}`} dashboard={dashboard} folders={folders} />
        </SectionCard>
        <SectionCard title="Logo">
          <BrandingUpload dashboard={dashboard} />
        </SectionCard>
        {user.type === 'admin' ? (
          <SectionCard title="Beheer">
            <CustomizableToggle dashboard={dashboard} />
          </SectionCard>
        ) : null}
      </SettingsOnly>
    </section>
  );
}
