import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { SystemStatus } from '@/domain/system';
import { PageHeader } from '~/components/layout/page-header';
import { useTRPC } from '~/lib/trpc';
import { InstancesSection, JobsSection, MailSourcesSection, NotificationFailuresSection, SystemSummary } from './system-sections';

/**
 * "Systeem": how this installation is doing. `backups` draws the backups' section (the backups
 * feature's), so this page shows it in its place without importing another feature.
 */
export function SystemPage({ backups }: { backups: (backup: SystemStatus['backup']) => ReactNode }) {
  const trpc = useTRPC();
  // Jobs and leases change by themselves: the page looks again every 30 seconds.
  const { data: status } = useQuery({ ...trpc.system.status.queryOptions(), refetchInterval: 30_000 });
  if (!status) return null;
  return (
    <section className="grid gap-6 [&>*]:min-w-0">
      <PageHeader title="Systeem" description="Hoe deze installatie het doet: database, taken, mailbronnen, meldingen en back-ups." />
      <SystemSummary status={status} />
      {backups(status.backup)}
      <JobsSection jobs={status.jobs} />
      <div className="grid gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <MailSourcesSection sources={status.mailSources} />
        <NotificationFailuresSection failures={status.notificationFailures} />
        <InstancesSection instances={status.instances} />
      </div>
    </section>
  );
}
