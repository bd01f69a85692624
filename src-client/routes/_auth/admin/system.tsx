import { useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { PageHeader } from '~/components/layout/page-header';
import { BackupSection } from '~/features/backups/backup-section';
import { InstancesSection, JobsSection, MailSourcesSection, NotificationFailuresSection, SystemSummary } from '~/features/system/system-sections';
import { useTRPC } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/admin/system')({
  beforeLoad: ({ context }) => {
    if (context.user.type !== 'admin') throw redirect({ to: '/admin' });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.system.status.queryOptions()),
  component: SystemPage,
});

function SystemPage() {
  const trpc = useTRPC();
  // Jobs and leases change by themselves: the page looks again every 30 seconds.
  const { data: status } = useQuery({ ...trpc.system.status.queryOptions(), refetchInterval: 30_000 });
  if (!status) return null;
  return (
    <section className="grid gap-6 [&>*]:min-w-0">
      <PageHeader title="Systeem" description="Hoe deze installatie het doet: database, taken, mailbronnen, meldingen en back-ups." />
      <SystemSummary status={status} />
      <BackupSection backup={status.backup} />
      <JobsSection jobs={status.jobs} />
      <div className="grid gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <MailSourcesSection sources={status.mailSources} />
        <NotificationFailuresSection failures={status.notificationFailures} />
        <InstancesSection instances={status.instances} />
      </div>
    </section>
  );
}
