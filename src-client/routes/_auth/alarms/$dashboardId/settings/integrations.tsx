import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '~/components/layout/page-header';
import { SectionCard } from '~/components/ui/section-card';
import { SettingsOnly } from '~/features/alarm-dashboards/settings-only';
import { HookConfiguration } from '~/features/alarm-hooks/hook-configuration';
import { TokenForm } from '~/features/ingest-tokens/token-form';
import { TokenList } from '~/features/ingest-tokens/token-list';
import { canChangeSettings } from '~/lib/alarms/access';
import { useTRPC } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/alarms/$dashboardId/settings/integrations')({
  loader: async ({ context: { trpc, queryClient, user }, params: { dashboardId } }) => {
    const dashboard = await queryClient.ensureQueryData(trpc.alarmDashboard.get.queryOptions({ dashboardId }));
    // Only those who may change the settings may list the tokens (the server answers 403 otherwise).
    if (canChangeSettings(user, dashboard)) await queryClient.ensureQueryData(trpc.ingestToken.list.queryOptions({ dashboardId }));
  },
  component: IntegrationsPage,
});

/** Ingest tokens: monitoring tools (Alertmanager, Grafana, scripts) raise and resolve alarms with them. */
function IntegrationsPage() {
  const trpc = useTRPC();
  const { dashboardId } = Route.useParams();
  const { user } = Route.useRouteContext();
  const { data: dashboard } = useSuspenseQuery(trpc.alarmDashboard.get.queryOptions({ dashboardId }));
  return (
    <section className="grid [&>:first-child]:mb-0 max-w-3xl gap-6">
      <PageHeader
        title="Koppelingen"
        description="Met een token melden Prometheus Alertmanager, Grafana of een eigen script alarmen op dit dashboard, en lossen ze weer op. Een token opent alleen die koppelingen."
      />
      <SettingsOnly user={user} dashboard={dashboard}>
        <SectionCard title="Nieuw token">
          <TokenForm dashboardId={dashboardId} usage={(token) => <HookConfiguration token={token} />} />
        </SectionCard>
        <SectionCard title="Tokens">
          <Tokens dashboardId={dashboardId} />
        </SectionCard>
      </SettingsOnly>
    </section>
  );
}

function Tokens({ dashboardId }: { dashboardId: number }) {
  const trpc = useTRPC();
  const { data: tokens } = useSuspenseQuery(trpc.ingestToken.list.queryOptions({ dashboardId }));
  return <TokenList tokens={tokens} />;
}
