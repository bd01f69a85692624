import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { NOTIFICATION_STATUSES } from '@/domain/notification';
import { PageHeader } from '~/components/layout/page-header';
import { AlertBanner } from '~/components/ui/alert-banner';
import { SectionCard } from '~/components/ui/section-card';
import { SettingsOnly } from '~/features/alarm-dashboards/settings-only';
import { NotificationList } from '~/features/notifications/notification-list';
import { RuleForm } from '~/features/notifications/rule-form';
import { RuleList } from '~/features/notifications/rule-list';
import { PolicyForm } from '~/features/escalation-policies/policy-form';
import { PolicyList } from '~/features/escalation-policies/policy-list';
import { canChangeSettings } from '~/lib/alarms/access';
import { useTRPC } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/alarms/$dashboardId/settings/notifications')({
  validateSearch: v.object({ status: v.optional(v.picklist(NOTIFICATION_STATUSES)) }),
  loader: ({ context: { trpc, queryClient }, params: { dashboardId } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.alarmDashboard.get.queryOptions({ dashboardId })),
      queryClient.ensureQueryData(trpc.notification.rules.queryOptions({ dashboardId })),
      queryClient.ensureQueryData(trpc.notification.channels.queryOptions()),
      queryClient.ensureQueryData(trpc.escalationPolicy.list.queryOptions({ dashboardId })),
      queryClient.ensureQueryData(trpc.alarmDashboard.users.queryOptions({ dashboardId, page: 0, size: 100 })),
    ]),
  component: NotificationsPage,
});

/** Rules that send alarms out by e-mail or webhook, and what was sent; everyone of the dashboard reads them. */
function NotificationsPage() {
  const trpc = useTRPC();
  const { dashboardId } = Route.useParams();
  const { status } = Route.useSearch();
  const { user } = Route.useRouteContext();
  const { data: dashboard } = useSuspenseQuery(trpc.alarmDashboard.get.queryOptions({ dashboardId }));
  const { data: rules } = useSuspenseQuery(trpc.notification.rules.queryOptions({ dashboardId }));
  const { data: channels } = useSuspenseQuery(trpc.notification.channels.queryOptions());
  const { data: policies } = useSuspenseQuery(trpc.escalationPolicy.list.queryOptions({ dashboardId }));
  const { data: users } = useSuspenseQuery(trpc.alarmDashboard.users.queryOptions({ dashboardId, page: 0, size: 100 }));
  const policyNames = Object.fromEntries(policies.map((p) => [p.id, p.name]));
  const editable = canChangeSettings(user, dashboard);
  // Schedules are the organization's; only those who may change the settings pick them as a step's target.
  const { data: schedules } = useQuery({ ...trpc.schedule.list.queryOptions({ organizationId: dashboard.organization.id }), enabled: editable });
  const choices = { users: users.users, schedules: schedules ?? [] };
  return (
    <section className="grid [&>:first-child]:mb-0 max-w-5xl gap-6">
      <PageHeader
        title="Meldingen"
        description="Stuur alarmen door per e-mail, webhook, Teams of Slack: bij een nieuw alarm, als het is opgelost, als het na een aantal minuten niet is bevestigd of als de deadline verstrijkt. Alarmen tijdens onderhoud blijven stil."
      />
      <SettingsOnly user={user} dashboard={dashboard}>
        <SectionCard title="Nieuwe meldingsregel">
          <RuleForm dashboardId={dashboardId} emailAvailable={channels.email} policies={policies} />
        </SectionCard>
      </SettingsOnly>
      <SectionCard title="Meldingsregels">
        <RuleList rules={rules} editable={editable} policyNames={policyNames} />
      </SectionCard>
      <SectionCard title="Escalaties">
        <p className="mb-3 text-sm text-muted-foreground">
          Een escalatie vraagt per stap iemand anders tot het alarm is bevestigd of opgelost: eerst wie dienst heeft, na een kwartier de achterwacht, daarna
          iedereen. Kies de escalatie als kanaal van een meldingsregel.
        </p>
        <PolicyList policies={policies} choices={choices} editable={editable} />
      </SectionCard>
      <SettingsOnly user={user} dashboard={dashboard}>
        <SectionCard title="Nieuwe escalatie">
          <PolicyForm dashboardId={dashboardId} choices={choices} />
        </SectionCard>
      </SettingsOnly>
      <SectionCard title="Verstuurde meldingen">
        {!channels.email && rules.some((r) => r.channel.type === 'EMAIL') ? (
          <AlertBanner variant="warning" title="Geen SMTP-server ingesteld" className="mb-3">
            E-mailmeldingen mislukken tot SMTP_URL en SMTP_FROM op de server zijn ingesteld.
          </AlertBanner>
        ) : null}
        <NotificationList dashboardId={dashboardId} editable={editable} initialStatus={status} />
      </SectionCard>
    </section>
  );
}
